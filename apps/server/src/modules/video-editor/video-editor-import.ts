import type { MediaLimits } from '@relaycast/shared/plans';
import { AppError } from '../../lib/app-error';
import type { DiskGuard } from '../../lib/media/disk-space';
import { downloadMedia } from '../media/media-download';

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
 * (media-download.ts): whatever goes wrong but a limit is the spec's one message.
 */
export async function downloadVideo(
  doFetch: typeof fetch,
  url: string,
  tempPath: string,
  budget: { limits: MediaLimits; usedBytes: number; disk: DiskGuard; name: string; signal?: AbortSignal },
): Promise<{ sizeBytes: number; mimeType: 'video/mp4' | 'video/quicktime' | 'video/webm' }> {
  const downloaded = await downloadMedia(doFetch, url, tempPath, budget, {
    accepts: (mimeType) => mimeType.startsWith('video/'),
    failed: loadFailedError,
    accept: 'video/*,*/*;q=0.5',
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
  return downloaded as { sizeBytes: number; mimeType: 'video/mp4' | 'video/quicktime' | 'video/webm' };
}
