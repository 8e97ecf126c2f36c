import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sceneFrameTime } from '@relaycast/shared/clips';
import type { MediaLimits } from '@relaycast/shared/plans';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { DiskGuard } from '../../lib/media/disk-space';
import { type MediaProcessor, runProcess } from '../../lib/media/ffmpeg';
import { type MediaStorage, withSeekableFile } from '../../lib/media/storage';
import { type MediaFileRow, newMediaId, storeMedia } from '../media/media.service';
import { displayNameOf } from '../media/media-upload';

/**
 * Cover images from scene changes (docs/decisions/0051-video-bench-and-scene-covers.md): the frame at a scene
 * change of an analysed video, as a JPEG at the video's own size, stored in the media library like an upload
 * (media.service storeMedia: the storage quota under its lock, and a thumbnail for the library grid).
 * Extracted on save only: the web's strip previews the frames from the video itself.
 */

/** Room asked of the disk before a cover is extracted (a full-size JPEG frame and its thumbnail). */
const COVER_ROOM_BYTES = 16 * 1024 * 1024;

export interface CoverDeps {
  db: Db;
  storage: MediaStorage;
  processor: MediaProcessor;
  ffmpegPath: string;
  tempDir: string;
  /** Checked before the frame is written (the disk's reserve, decision 0061). */
  disk: DiskGuard;
}

/** One frame at `seconds` (seeking before `-i`: from the keyframe before, decoded to the exact frame), JPEG. */
export function coverFrameArgs(input: string, output: string, seconds: number): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-ss', seconds.toFixed(3), '-i', input],
    ...['-map', '0:v:0', '-frames:v', '1', '-q:v', '2', '-f', 'image2', '-c:v', 'mjpeg', output],
  ];
}

/** "stream.mp4" at 83 s → "stream (cover 1:23).jpg". */
export function coverName(videoName: string, seconds: number): string {
  const base = videoName.replace(/\.[a-z0-9]{1,5}$/i, '') || 'Video';
  const whole = Math.floor(seconds);
  const label = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
  return displayNameOf(`${base} (cover ${label}).jpg`);
}

/** The time a cover may be taken at: inside the video, else 400 with the message the user sees. */
export function checkCoverTime(source: MediaFileRow, time: number): number {
  const duration = source.durationSeconds ?? 0;
  if (!(time >= 0) || time >= duration) {
    throw new AppError('COVER_OUT_OF_RANGE');
  }
  return sceneFrameTime(time, duration);
}

/** Extracts the frame at `seconds` of `source` and stores it in the workspace's library as an image. */
export async function saveSceneCover(
  deps: CoverDeps,
  input: { source: MediaFileRow; seconds: number; userId: string; limits: MediaLimits },
): Promise<MediaFileRow> {
  const { source, seconds } = input;
  const id = newMediaId();
  const video = path.join(deps.tempDir, `cover-${id}-source`);
  const image = path.join(deps.tempDir, `cover-${id}.jpg`);
  const thumbBase = `${image}-thumb`;
  const failed = () => new AppError('COVER_FAILED');
  // A JPEG frame and its thumbnail: a few megabytes at most.
  await deps.disk.assertRoom(COVER_ROOM_BYTES);
  try {
    // The stored file itself on the local disk; a seekable copy from S3 (an MP4's index may sit at its end).
    await withSeekableFile(deps.storage, source.storageKey, video, (input) =>
      runProcess(deps.ffmpegPath, coverFrameArgs(input, image, seconds), { timeoutMs: 60_000 }).catch(() => {
        throw failed();
      }),
    );
    const { size } = await stat(image).catch(() => {
      throw failed();
    });
    const facts = await deps.processor.probe(image, 'image');
    if (!facts?.width || !facts.height || size === 0) throw failed();
    const thumbnail = await deps.processor.makeThumbnail(image, thumbBase, {
      kind: 'image',
      durationSeconds: null,
    });
    return await storeMedia(deps.db, deps.storage, {
      workspaceId: source.workspaceId,
      userId: input.userId,
      limits: input.limits,
      file: {
        id,
        name: coverName(source.name, seconds),
        mimeType: 'image/jpeg',
        kind: 'image',
        sizeBytes: size,
        width: facts.width,
        height: facts.height,
        durationSeconds: null,
        path: image,
        thumbnail,
        extension: 'jpg',
      },
    });
  } finally {
    await Promise.all(
      [image, `${thumbBase}.webp`, `${thumbBase}.jpg`].map((file) => rm(file, { force: true })),
    );
  }
}
