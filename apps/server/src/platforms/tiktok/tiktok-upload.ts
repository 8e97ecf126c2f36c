import { PlatformError } from '../types';

/** TikTok's chunked upload rules and its 19-digit post ids. */

/** Byte ranges of the upload: equal chunks, the last one taking the remainder (TikTok's rule). */
export function uploadPlan(size: number, chunkBytes: number, singleChunkMaxBytes: number) {
  if (size <= singleChunkMaxBytes) return { chunkSize: size, ranges: [{ start: 0, end: size - 1 }] };
  const count = Math.floor(size / chunkBytes);
  const ranges = Array.from({ length: count }, (_, i) => ({
    start: i * chunkBytes,
    end: i === count - 1 ? size - 1 : (i + 1) * chunkBytes - 1,
  }));
  return { chunkSize: chunkBytes, ranges };
}

/** Reads a stream as consecutive buffers of the given lengths. */
export async function* readChunks(stream: NodeJS.ReadableStream, lengths: number[]): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  for await (const piece of stream) {
    const buffer = typeof piece === 'string' ? Buffer.from(piece) : (piece as Buffer);
    pending.push(buffer);
    pendingBytes += buffer.length;
    while (index < lengths.length && pendingBytes >= (lengths[index] ?? 0)) {
      const all = Buffer.concat(pending);
      const length = lengths[index] ?? 0;
      yield all.subarray(0, length);
      pending = [all.subarray(length)];
      pendingBytes = all.length - length;
      index += 1;
    }
  }
  if (index < lengths.length)
    throw new PlatformError('retry', 'The video file is shorter than its recorded size.');
}

/**
 * TikTok sends `publicaly_available_post_id` as 19-digit JSON numbers, which JSON.parse rounds. This fetch quotes
 * them in the answer's text before it is parsed, so the ids stay exact.
 */
export function fetchWithExactPostIds(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (!response.ok) return response;
    const text = await response.text();
    const quoted = text.replace(
      /("publicaly_available_post_id"\s*:\s*\[)([^\]]*)\]/,
      (_all, head: string, list: string) => {
        const ids = list
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
          .map((id) => (id.startsWith('"') ? id : `"${id}"`));
        return `${head}${ids.join(',')}]`;
      },
    );
    return new Response(quoted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
