import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { isAcceptedMediaType } from '@relaycast/shared/media';
import type { MediaLimits } from '@relaycast/shared/plans';
import { fileTypeFromFile } from 'file-type';
import { AppError } from '../../lib/app-error';
import type { DiskGuard } from '../../lib/media/disk-space';
import { SafeFetchError } from '../../lib/safe-fetch';
import { storageFullError } from './media.service';
import { fileTooLargeError, limitedCounter } from './media-upload';

/** Why a download failed, for a caller that words each one (an import from a link); others give one message. */
export type DownloadFailure =
  | { reason: 'blocked'; message: string }
  | { reason: 'status'; status: number }
  | { reason: 'timeout' }
  | { reason: 'unreachable' }
  | { reason: 'type' };

function failureOf(error: unknown, deadline: AbortSignal): DownloadFailure {
  if (deadline.aborted) return { reason: 'timeout' };
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if (current instanceof SafeFetchError && current.reason === 'blocked') {
      return { reason: 'blocked', message: current.message };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return { reason: 'unreachable' };
}

/**
 * Downloads the media file a user pointed at into `tempPath` through the outbound-address policy's fetch
 * (`doFetch` comes from createSafeFetch: private, loopback and link-local addresses are refused at connect time,
 * redirects are checked hop by hop), stopping at the file-size limit, the storage left or the disk's reserve, and at
 * `kind.timeoutMs`. Whatever goes wrong (refused address, HTTP error, a type not accepted) is `kind.failed()`,
 * except the limits, which say which limit. Used by the video editor's import and a bulk import's media by URL.
 */
export async function downloadMedia(
  doFetch: typeof fetch,
  url: string,
  tempPath: string,
  budget: {
    limits: MediaLimits;
    usedBytes: number;
    disk: DiskGuard;
    name: string;
    signal?: AbortSignal;
    /** Called as bytes arrive, with the size the site announced (null when it did not). */
    onProgress?: (receivedBytes: number, totalBytes: number | null) => void;
  },
  kind: {
    /** The types this download may be (checked on the bytes, not on the server's word). */
    accepts: (mimeType: string) => boolean;
    /** The error of anything but a limit: refused address, HTTP error, timeout, wrong type. */
    failed: (failure: DownloadFailure) => AppError;
    accept: string;
    timeoutMs: number;
  },
): Promise<{ sizeBytes: number; mimeType: string }> {
  const { limits, usedBytes, name } = budget;
  const deadline = AbortSignal.timeout(kind.timeoutMs);
  const signal = budget.signal ? AbortSignal.any([deadline, budget.signal]) : deadline;
  const storageLeft =
    limits.storageBytes === null ? Number.POSITIVE_INFINITY : limits.storageBytes - usedBytes;
  let response: Response;
  try {
    response = await doFetch(url, { signal, headers: { accept: kind.accept } });
  } catch (error) {
    throw kind.failed(failureOf(error, deadline));
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw kind.failed({ reason: 'status', status: response.status });
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
  const total = Number.isFinite(declared) && declared > 0 ? declared : null;
  const onProgress = budget.onProgress;
  const reporter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      onProgress?.(counter.bytes(), total);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      counter,
      reporter,
      createWriteStream(tempPath, { flags: 'wx' }),
      { signal },
    );
  } catch (err) {
    await rm(tempPath, { force: true });
    if (err instanceof AppError) throw err;
    throw kind.failed(failureOf(err, deadline));
  }
  const sizeBytes = counter.bytes();
  const detected = await fileTypeFromFile(tempPath).catch(() => undefined);
  const mimeType = detected?.mime;
  if (sizeBytes === 0 || !mimeType || !isAcceptedMediaType(mimeType) || !kind.accepts(mimeType)) {
    await rm(tempPath, { force: true });
    throw kind.failed({ reason: 'type' });
  }
  return { sizeBytes, mimeType };
}
