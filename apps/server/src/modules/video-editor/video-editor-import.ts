import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { isAcceptedMediaType } from '@relaycast/shared/media';
import type { MediaLimits } from '@relaycast/shared/plans';
import { fileTypeFromFile } from 'file-type';
import { AppError } from '../../lib/app-error';
import type { DiskGuard } from '../../lib/media/disk-space';
import { storageFullError } from '../media/media.service';
import { fileTooLargeError, limitedCounter } from '../media/media-upload';

/** How long a whole download may take (connect, headers and body). */
export const IMPORT_TIMEOUT_MS = 120_000;

export function loadFailedError(): AppError {
  return new AppError('VIDEO_LOAD_FAILED');
}

/** The file name a URL's last path segment gives, or a generic one. */
export function nameFromUrl(url: string): string {
  try {
    const segment = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    return segment.trim() || 'Imported video';
  } catch {
    return 'Imported video';
  }
}

/**
 * Downloads the video a user pointed at into `tempPath` through the outbound-address policy's fetch
 * (`doFetch` comes from createSafeFetch: private, loopback and link-local addresses are refused at connect time,
 * redirects are checked hop by hop), stopping at the file-size limit, the storage left or the disk's reserve, and at
 * IMPORT_TIMEOUT_MS. Whatever goes wrong (refused address, HTTP error, not a video) is the spec's one message,
 * except the limits, which say which limit.
 */
export async function downloadVideo(
  doFetch: typeof fetch,
  url: string,
  tempPath: string,
  budget: { limits: MediaLimits; usedBytes: number; disk: DiskGuard; name: string; signal?: AbortSignal },
): Promise<{ sizeBytes: number; mimeType: 'video/mp4' | 'video/quicktime' | 'video/webm' }> {
  const { limits, usedBytes, name } = budget;
  const deadline = AbortSignal.timeout(IMPORT_TIMEOUT_MS);
  const signal = budget.signal ? AbortSignal.any([deadline, budget.signal]) : deadline;
  const storageLeft =
    limits.storageBytes === null ? Number.POSITIVE_INFINITY : limits.storageBytes - usedBytes;
  let response: Response;
  try {
    response = await doFetch(url, { signal, headers: { accept: 'video/*,*/*;q=0.5' } });
  } catch {
    throw loadFailedError();
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw loadFailedError();
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > 0) {
    if (declared > limits.maxFileSizeBytes) {
      await response.body.cancel();
      throw fileTooLargeError(name, limits);
    }
    if (declared > storageLeft) {
      await response.body.cancel();
      throw storageFullError(name, limits, usedBytes);
    }
  }
  await budget.disk
    .assertRoom(Number.isFinite(declared) && declared > 0 ? declared : 0)
    .catch(async (err) => {
      await response.body?.cancel();
      throw err;
    });
  const counter = limitedCounter(name, budget);
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      counter,
      createWriteStream(tempPath, { flags: 'wx' }),
      { signal },
    );
  } catch (err) {
    await rm(tempPath, { force: true });
    if (err instanceof AppError) throw err;
    throw loadFailedError();
  }
  const sizeBytes = counter.bytes();
  const detected = await fileTypeFromFile(tempPath).catch(() => undefined);
  const mimeType = detected?.mime;
  if (sizeBytes === 0 || !mimeType || !isAcceptedMediaType(mimeType) || !mimeType.startsWith('video/')) {
    await rm(tempPath, { force: true });
    throw loadFailedError();
  }
  return { sizeBytes, mimeType: mimeType as 'video/mp4' | 'video/quicktime' | 'video/webm' };
}
