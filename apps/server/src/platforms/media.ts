import type { PublishMedia } from './types';

/** Reads a media file's bytes (connectors upload them; sizes are capped by the platform rules upstream). */
export async function readMediaBytes(media: PublishMedia): Promise<Buffer> {
  const stream = await media.open();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** Splits bytes into parts of at most `size` bytes (at least one part, even when empty). */
export function splitBytes(bytes: Buffer, size: number): Buffer[] {
  if (bytes.length === 0) return [bytes];
  const parts: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size)
    parts.push(bytes.subarray(offset, offset + size));
  return parts;
}

/** Waits `ms`, or rejects when `signal` aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
