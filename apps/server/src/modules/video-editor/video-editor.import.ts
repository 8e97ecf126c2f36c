import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { isAcceptedMediaType } from '@relaycast/shared/media';
import type { Plan } from '@relaycast/shared/plans';
import { VIDEO_EDITOR_MESSAGES } from '@relaycast/shared/video-editor';
import { fileTypeFromFile } from 'file-type';
import { AppError } from '../../lib/app-error';
import { storageFullError } from '../media/media.service';
import { fileTooLargeError, planLimitedCounter } from '../media/media-upload';

/** How long a whole download may take (connect, headers and body). */
export const IMPORT_TIMEOUT_MS = 120_000;

export function loadFailedError(): AppError {
  return new AppError('VIDEO_LOAD_FAILED', 400, VIDEO_EDITOR_MESSAGES.loadFailed);
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
 * redirects are checked hop by hop), stopping at the plan's file-size limit or the storage left and at
 * IMPORT_TIMEOUT_MS. Whatever goes wrong (refused address, HTTP error, not a video) is the spec's one message,
 * except the plan's limits, which say which limit.
 */
export async function downloadVideo(
  doFetch: typeof fetch,
  url: string,
  tempPath: string,
  budget: { plan: Plan; usedBytes: number; name: string; signal?: AbortSignal },
): Promise<{ sizeBytes: number; mimeType: 'video/mp4' | 'video/quicktime' | 'video/webm' }> {
  const { plan, usedBytes, name } = budget;
  const deadline = AbortSignal.timeout(IMPORT_TIMEOUT_MS);
  const signal = budget.signal ? AbortSignal.any([deadline, budget.signal]) : deadline;
  const storageLeft = plan.storageBytes - usedBytes;
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
    if (declared > plan.maxFileSizeBytes) {
      await response.body.cancel();
      throw fileTooLargeError(name, plan);
    }
    if (declared > storageLeft) {
      await response.body.cancel();
      throw storageFullError(name, plan, usedBytes);
    }
  }
  const counter = planLimitedCounter(name, { plan, usedBytes });
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
