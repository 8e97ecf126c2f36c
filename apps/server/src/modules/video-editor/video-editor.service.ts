import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MediaItem } from '@relaycast/shared/media';
import type { MediaLimits } from '@relaycast/shared/plans';
import type { MediaKind } from '@relaycast/shared/platforms';
import { type CropAspect, formatSeconds, VIDEO_EDITOR_MESSAGES } from '@relaycast/shared/video-editor';
import { type Segment, sourceSpan } from '@relaycast/shared/video-editor-edit-list';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { MediaProcessor } from '../../lib/media/ffmpeg';
import type { MediaStorage } from '../../lib/media/storage';
import { type MediaFileRow, storeMedia } from '../media/media.service';
import { displayNameOf } from '../media/media-upload';

/** The part of the app a produced or downloaded video needs to become a library item. */
export interface LibraryDeps {
  db: Db;
  storage: MediaStorage;
  processor: MediaProcessor;
}

export interface ProducedVideo {
  id: string;
  /** The bytes, in a temporary file this function removes (with the thumbnail it makes). */
  path: string;
  name: string;
  mimeType: 'video/mp4' | 'video/quicktime' | 'video/webm';
  extension: 'mp4' | 'mov' | 'webm';
}

/**
 * Probes a video file, makes its poster and stores both in the workspace's library under the quota lock
 * (media.service storeMedia: the final "used + this file <= quota" check). A file ffmpeg cannot read is
 * refused with `unreadable`: nothing is stored.
 */
export async function addVideoToLibrary(
  deps: LibraryDeps,
  input: {
    workspaceId: string;
    userId: string;
    limits: MediaLimits;
    video: ProducedVideo;
    signal?: AbortSignal;
  },
  unreadable: () => AppError,
): Promise<MediaFileRow> {
  const { video, signal } = input;
  const kind: MediaKind = 'video';
  const thumbBase = `${video.path}-thumb`;
  try {
    const { size } = await stat(video.path);
    const facts = await deps.processor.probe(video.path, kind, signal);
    if (!facts?.durationSeconds || !facts.width || !facts.height) throw unreadable();
    const thumbnail = await deps.processor.makeThumbnail(
      video.path,
      thumbBase,
      { kind, durationSeconds: facts.durationSeconds },
      signal,
    );
    return await storeMedia(deps.db, deps.storage, {
      workspaceId: input.workspaceId,
      userId: input.userId,
      limits: input.limits,
      file: {
        id: video.id,
        name: displayNameOf(video.name) || 'Untitled',
        mimeType: video.mimeType,
        kind,
        sizeBytes: size,
        width: facts.width,
        height: facts.height,
        durationSeconds: facts.durationSeconds,
        path: video.path,
        thumbnail,
        extension: video.extension,
      },
    });
  } finally {
    await Promise.all(
      [video.path, `${thumbBase}.webp`, `${thumbBase}.jpg`].map((file) => rm(file, { force: true })),
    );
  }
}

/** "holiday.mp4" → "holiday (0:05–0:12).webm": the export's name in the library. */
export function exportName(sourceName: string, label: string, extension: string): string {
  const base = path.parse(sourceName).name || 'Video';
  return `${base} (${label}).${extension}`;
}

export function videoOnly(item: { kind: MediaItem['kind'] }): void {
  if (item.kind !== 'video') throw new AppError('NOT_A_VIDEO', { message: VIDEO_EDITOR_MESSAGES.notAVideo });
}

/** "0:01–0:08, 2 sections 9:16": the export's name in the library says what was kept. */
export function exportLabel(
  request: { start: number; end: number; crop: CropAspect },
  segments: readonly Segment[],
): string {
  const span = sourceSpan(segments);
  const first = span?.start ?? request.start;
  const last = span?.end ?? request.end;
  const sections = segments.length > 1 ? `, ${segments.length} sections` : '';
  const crop = request.crop === 'original' ? '' : ` ${request.crop}`;
  return `${formatSeconds(first)}–${formatSeconds(last)}${sections}${crop}`;
}
