import { WATERMARK_MESSAGES } from '@relaycast/shared/watermarks';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaFiles } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { type MediaStorage, withSeekableFile } from '../../lib/media/storage';
import type { WatermarkPlacement } from '../watermarks/watermark-ffmpeg';
import { findWatermark } from '../watermarks/watermarks.service';

/**
 * A saved watermark on a video editor export (docs/watermarks.md): the route resolves it in the caller's
 * workspace (another workspace's is 404) before the job starts; the job hands its image file to ffmpeg, which
 * lays it over the cut in the export's one encode (`exportArgs`).
 */
export interface ExportWatermark {
  placement: WatermarkPlacement;
  imageStorageKey: string;
}

export async function exportWatermarkOf(
  db: Db,
  workspaceId: string,
  watermarkId: string | null | undefined,
): Promise<ExportWatermark | null> {
  if (!watermarkId) return null;
  const mark = await findWatermark(db, workspaceId, watermarkId);
  const [image] = await db
    .select({ storageKey: mediaFiles.storageKey })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, mark.imageMediaId), eq(mediaFiles.workspaceId, workspaceId)))
    .limit(1);
  if (!image) throw new AppError('NOT_FOUND', { message: WATERMARK_MESSAGES.imageNotFound });
  const { opacity, size, position, margin } = mark;
  return { placement: { opacity, size, position, margin }, imageStorageKey: image.storageKey };
}

/** Runs `use` with the mark's image as a local file (a copy at `tempPath` from S3), or with null without one. */
export function withExportWatermark<T>(
  storage: MediaStorage,
  watermark: ExportWatermark | null,
  tempPath: string,
  use: (mark: { file: string; placement: WatermarkPlacement } | null) => Promise<T>,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  if (!watermark) return use(null);
  return withSeekableFile(
    storage,
    watermark.imageStorageKey,
    tempPath,
    (file) => use({ file, placement: watermark.placement }),
    options,
  );
}
