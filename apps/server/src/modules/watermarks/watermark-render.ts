import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WATERMARK_MESSAGES } from '@relaycast/shared/watermarks';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaFiles, watermarkRenders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { progressSecondsOf, runProcess } from '../../lib/media/ffmpeg';
import { type MediaStorage, withSeekableFile } from '../../lib/media/storage';
import { type MediaFileRow, newMediaId } from '../media/media.service';
import {
  renderFormatOf,
  type WatermarkKind,
  type WatermarkPlacement,
  watermarkArgs,
} from './watermark-ffmpeg';
import type { WatermarkRow } from './watermarks.service';

/**
 * The watermarked copy of a library file, rendered once per original and placement and reused after
 * (docs/watermarks.md). The copy is a media file of the workspace of its own (hidden from the library list,
 * deleted with its original); the original is never written.
 */

export interface RenderDeps {
  db: Db;
  storage: MediaStorage;
  ffmpegPath: string;
}

/** A video may take a while to encode; an image never should. */
const VIDEO_TIMEOUT_MS = 60 * 60_000;
const IMAGE_TIMEOUT_MS = 60_000;

/** What decides the rendered pixels: a copy is reused only while all of it is the same. */
export function paramsHashOf(mark: Pick<WatermarkRow, 'imageMediaId'> & WatermarkPlacement): string {
  const params = [1, mark.imageMediaId, mark.opacity, mark.size, mark.position, mark.margin];
  return createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 32);
}

export function isWatermarkable(kind: string): kind is WatermarkKind {
  return kind === 'image' || kind === 'gif' || kind === 'video';
}

/** Told how far a render is, 0 to 1 (a video or a GIF with a known duration: ffmpeg's `-progress`). */
export type RenderProgress = (fraction: number) => void;

export async function findRender(db: Db, originalId: string, hash: string): Promise<MediaFileRow | null> {
  const [row] = await db
    .select({ file: mediaFiles })
    .from(watermarkRenders)
    .innerJoin(mediaFiles, eq(mediaFiles.id, watermarkRenders.renderedMediaId))
    .where(and(eq(watermarkRenders.originalMediaId, originalId), eq(watermarkRenders.paramsHash, hash)))
    .limit(1);
  return row?.file ?? null;
}

function renderedName(name: string, extension: string): string {
  const base = path.parse(name).name || 'Media';
  return `${base} (watermarked).${extension}`;
}

/** Runs the one ffmpeg pass into a temporary file: its path and size. */
async function renderToFile(
  deps: RenderDeps,
  dir: string,
  original: MediaFileRow,
  mark: WatermarkRow & { imageStorageKey: string },
  kind: WatermarkKind,
  onProgress?: RenderProgress,
): Promise<{ file: string; size: number }> {
  const format = renderFormatOf(kind, original.mimeType);
  const output = path.join(dir, `out.${format.extension}`);
  const duration = original.durationSeconds ?? 0;
  const progress = onProgress !== undefined && duration > 0;
  let text = '';
  await withSeekableFile(deps.storage, original.storageKey, path.join(dir, 'media'), (media) =>
    withSeekableFile(deps.storage, mark.imageStorageKey, path.join(dir, 'mark'), (markFile) =>
      runProcess(
        deps.ffmpegPath,
        watermarkArgs({ media, mark: markFile, output, progress }, mark, kind, format),
        {
          timeoutMs: kind === 'image' ? IMAGE_TIMEOUT_MS : VIDEO_TIMEOUT_MS,
          tempPaths: [output],
          ...(progress
            ? {
                onStdout: (chunk: string) => {
                  text = (text + chunk).slice(-4096);
                  const seconds = progressSecondsOf(text);
                  if (seconds !== null) onProgress(Math.min(0.99, Math.max(0, seconds / duration)));
                },
              }
            : {}),
        },
      ),
    ),
  );
  const { size } = await stat(output);
  if (size === 0) throw new Error('ffmpeg wrote an empty file');
  return { file: output, size };
}

/**
 * The copy of `original` with `mark` burned in: the cached one, or rendered now (by a publish, or ahead of it by
 * Apply now: watermark-apply.ts). Two renders racing on the same copy both run; the first insert wins and the
 * other's bytes are dropped. Anything but an image, a GIF or a video comes back as it is.
 */
export async function watermarkedCopy(
  deps: RenderDeps,
  original: MediaFileRow,
  mark: WatermarkRow,
  onProgress?: RenderProgress,
): Promise<MediaFileRow> {
  const kind = original.kind;
  if (!isWatermarkable(kind)) return original;
  const hash = paramsHashOf(mark);
  const cached = await findRender(deps.db, original.id, hash);
  if (cached) return cached;
  const [image] = await deps.db
    .select({ storageKey: mediaFiles.storageKey })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, mark.imageMediaId), eq(mediaFiles.workspaceId, original.workspaceId)))
    .limit(1);
  if (!image) throw new AppError('NOT_FOUND', { message: WATERMARK_MESSAGES.imageNotFound });
  const dir = await mkdtemp(path.join(tmpdir(), 'relaycast-watermark-'));
  try {
    const format = renderFormatOf(kind, original.mimeType);
    const rendered = await renderToFile(
      deps,
      dir,
      original,
      { ...mark, imageStorageKey: image.storageKey },
      kind,
      onProgress,
    );
    const id = newMediaId();
    const storageKey = `${original.workspaceId}/${id}.${format.extension}`;
    await deps.storage.put(storageKey, rendered.file, format.mimeType);
    const inserted = await insertRender(deps.db, {
      original,
      mark,
      hash,
      id,
      storageKey,
      format,
      size: rendered.size,
    }).catch(async (error: unknown) => {
      await deps.storage.delete(storageKey);
      throw error;
    });
    if (inserted) return inserted;
    await deps.storage.delete(storageKey);
    const winner = await findRender(deps.db, original.id, hash);
    if (!winner) throw new Error('the watermarked copy vanished');
    return winner;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The copy's media row and its link, together; null when another render of the same copy got in first. */
function insertRender(
  db: Db,
  input: {
    original: MediaFileRow;
    mark: WatermarkRow;
    hash: string;
    id: string;
    storageKey: string;
    format: ReturnType<typeof renderFormatOf>;
    size: number;
  },
): Promise<MediaFileRow | null> {
  const { original, mark, hash, id, storageKey, format } = input;
  const kind = original.kind;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mediaFiles)
      .values({
        id,
        workspaceId: original.workspaceId,
        uploadedBy: null,
        name: renderedName(original.name, format.extension),
        mimeType: format.mimeType,
        kind,
        sizeBytes: input.size,
        width: original.width,
        height: original.height,
        durationSeconds: original.durationSeconds,
        storageKey,
        thumbnailKey: null,
      })
      .returning();
    const linked = await tx
      .insert(watermarkRenders)
      .values({ originalMediaId: original.id, paramsHash: hash, watermarkId: mark.id, renderedMediaId: id })
      .onConflictDoNothing()
      .returning({ id: watermarkRenders.renderedMediaId });
    if (linked.length === 0) {
      await tx.delete(mediaFiles).where(eq(mediaFiles.id, id));
      return null;
    }
    return row ?? null;
  });
}
