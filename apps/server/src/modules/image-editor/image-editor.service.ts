import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  IMAGE_EDIT_MESSAGES,
  type ImageEditRecipe,
  isCropInside,
  MAX_EDIT_DIMENSION,
  outputSize,
} from '@relaycast/shared/image-edit';
import type { MediaLimits } from '@relaycast/shared/plans';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaFiles } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { type MediaProcessor, ProcessError, type RunnerLog } from '../../lib/media/ffmpeg';
import type { MediaStorage } from '../../lib/media/storage';
import {
  findMedia,
  type MediaFileRow,
  newMediaId,
  storageFullError,
  storageUsedBytes,
  storeMedia,
} from '../media/media.service';
import { displayNameOf, fileTooLargeError } from '../media/media-upload';
import { renderImageEdit } from './image-editor-render';

/** The still images the editor opens (an animated GIF is not one). */
const EDITABLE_TYPES: Record<string, 'png' | 'jpeg'> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'jpeg',
};

export interface ImageEditDeps {
  db: Db;
  storage: MediaStorage;
  processor: MediaProcessor;
  ffmpegPath: string;
  /** Where renders keep their files while they run. */
  tempDir: string;
  log: RunnerLog;
}

export interface ImageEditInput {
  workspaceId: string;
  userId: string;
  limits: MediaLimits;
  sourceId: string;
  recipe: ImageEditRecipe;
  name?: string | undefined;
}

/** "beach.jpg" → "beach (edited).jpg". */
export function editedName(sourceName: string, extension: string): string {
  const base = path.parse(sourceName).name || 'Image';
  return `${base} (edited).${extension}`;
}

/** The recipe checked against the source: crop inside it, result not over the largest size. */
function assertRecipeFits(recipe: ImageEditRecipe, source: { width: number; height: number }): void {
  if (!isCropInside(recipe.crop, source)) {
    throw new AppError('VALIDATION_ERROR', { message: IMAGE_EDIT_MESSAGES.cropOutside });
  }
  const size = outputSize(source, recipe);
  if (size.width > MAX_EDIT_DIMENSION || size.height > MAX_EDIT_DIMENSION) {
    throw new AppError('VALIDATION_ERROR', { message: IMAGE_EDIT_MESSAGES.tooLarge });
  }
}

/** The image layers' files, in the recipe's order: only the workspace's own still images. */
async function findLayerFiles(db: Db, workspaceId: string, recipe: ImageEditRecipe): Promise<MediaFileRow[]> {
  const ids = [...new Set(recipe.imageLayers.map((layer) => layer.mediaId))];
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.workspaceId, workspaceId), inArray(mediaFiles.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return recipe.imageLayers.map((layer) => {
    const row = byId.get(layer.mediaId);
    if (!row) throw new AppError('NOT_FOUND', { message: IMAGE_EDIT_MESSAGES.layerNotFound });
    if (!EDITABLE_TYPES[row.mimeType] || row.kind !== 'image') {
      throw new AppError('VALIDATION_ERROR', { message: IMAGE_EDIT_MESSAGES.layerNotAnImage });
    }
    return row;
  });
}

/** A path ffmpeg can read for a stored file: its own on the local disk, else a copy in `dir`. */
async function readablePath(storage: MediaStorage, key: string, dir: string, name: string): Promise<string> {
  const local = storage.localPath ? await storage.localPath(key) : null;
  if (local !== null) return local;
  const copy = path.join(dir, name);
  await pipeline(await storage.get(key), createWriteStream(copy, { flags: 'wx' }));
  return copy;
}

/**
 * Renders the recipe from the source image on the server and stores the result as a new library file that
 * records its source and recipe; the source is never changed. The plan's limits apply as to an upload: a result
 * over the largest file is refused (413) and the quota is checked again under its lock (media.service).
 */
export async function createImageEdit(
  deps: ImageEditDeps,
  input: ImageEditInput,
  signal?: AbortSignal,
): Promise<MediaFileRow> {
  const source = await findMedia(deps.db, input.workspaceId, input.sourceId);
  const format = EDITABLE_TYPES[source.mimeType];
  if (!format || source.kind !== 'image' || !source.width || !source.height)
    throw new AppError('NOT_AN_IMAGE');
  const size = { width: source.width, height: source.height };
  assertRecipeFits(input.recipe, size);
  const layers = await findLayerFiles(deps.db, input.workspaceId, input.recipe);
  const extension = format === 'png' ? 'png' : 'jpg';
  const name = input.name
    ? displayNameOf(input.name) || editedName(source.name, extension)
    : editedName(source.name, extension);
  const usedBytes = await storageUsedBytes(deps.db, input.workspaceId);
  if (input.limits.storageBytes !== null && usedBytes >= input.limits.storageBytes) {
    throw storageFullError(name, input.limits, usedBytes);
  }

  const id = newMediaId();
  const workDir = await mkdtemp(path.join(deps.tempDir, 'edit-'));
  const outputPath = path.join(workDir, `${id}.${extension}`);
  const thumbBase = path.join(workDir, `${id}-thumb`);
  try {
    const sourcePath = await readablePath(deps.storage, source.storageKey, workDir, 'source');
    const layerPaths = await Promise.all(
      layers.map((row, index) => readablePath(deps.storage, row.storageKey, workDir, `layer-${index}`)),
    );
    await renderImageEdit(
      deps.ffmpegPath,
      {
        recipe: input.recipe,
        source: { path: sourcePath, ...size },
        layerPaths,
        workDir,
        output: { path: outputPath, format },
      },
      signal,
    );
    const { size: sizeBytes } = await stat(outputPath);
    if (sizeBytes > input.limits.maxFileSizeBytes) throw fileTooLargeError(name, input.limits);
    const facts = await deps.processor.probe(outputPath, 'image', signal);
    if (!facts?.width || !facts.height) throw new AppError('IMAGE_EDIT_FAILED');
    const thumbnail = await deps.processor.makeThumbnail(
      outputPath,
      thumbBase,
      { kind: 'image', durationSeconds: null },
      signal,
    );
    return await storeMedia(deps.db, deps.storage, {
      workspaceId: input.workspaceId,
      userId: input.userId,
      limits: input.limits,
      file: {
        id,
        name,
        mimeType: format === 'png' ? 'image/png' : 'image/jpeg',
        kind: 'image',
        sizeBytes,
        width: facts.width,
        height: facts.height,
        durationSeconds: null,
        path: outputPath,
        thumbnail,
        extension,
        derivedFromId: source.id,
        editRecipe: input.recipe,
      },
    });
  } catch (error) {
    if (error instanceof ProcessError) {
      deps.log.warn(
        { err: error.message, stderr: error.stderr.slice(-2000), sourceId: source.id },
        'image edit failed',
      );
      throw new AppError('IMAGE_EDIT_FAILED');
    }
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
