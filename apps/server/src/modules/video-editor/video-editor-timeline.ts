import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../lib/app-error';
import { runProcess } from '../../lib/media/ffmpeg';
import { type MediaStorage, withSeekableFile } from '../../lib/media/storage';
import type { MediaFileRow } from '../media/media.service';
import { codecProbeArgs, hasAudioStream } from './video-editor-ffmpeg';

/**
 * The timeline's pictures (docs/video.md): a strip of frames across the video and its audio waveform, each a PNG
 * made once by ffmpeg and then served from a cache file per media item (the stored file never changes, so
 * neither does its picture). Concurrent requests for the same picture share one ffmpeg run.
 */

export const TIMELINE_KINDS = ['thumbnails', 'waveform'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** Frames in the strip, each this wide (the height follows the video's aspect, even). */
export const THUMBNAIL_COUNT = 10;
export const THUMBNAIL_WIDTH = 160;
export const WAVEFORM_SIZE = { width: 1600, height: 120 };

/** A strip of THUMBNAIL_COUNT frames spread evenly across the video, side by side. */
export function thumbnailsArgs(input: string, output: string, durationSeconds: number): string[] {
  const rate = THUMBNAIL_COUNT / Math.max(durationSeconds, 0.1);
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', input],
    ...['-vf', `fps=${rate.toFixed(6)},scale=${THUMBNAIL_WIDTH}:-2,tile=${THUMBNAIL_COUNT}x1`],
    ...['-frames:v', '1', '-f', 'image2', '-c:v', 'png', output],
  ];
}

/** The sound's waveform, mixed to one channel. */
export function waveformArgs(input: string, output: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', input],
    ...[
      '-filter_complex',
      `[0:a:0]aformat=channel_layouts=mono,showwavespic=s=${WAVEFORM_SIZE.width}x${WAVEFORM_SIZE.height}:colors=0x6366f1`,
    ],
    ...['-frames:v', '1', '-f', 'image2', '-c:v', 'png', output],
  ];
}

export function createTimelinePictures(options: {
  storage: MediaStorage;
  ffmpegPath: string;
  ffprobePath: string;
  cacheDir: string;
  tempDir: string;
}) {
  const inFlight = new Map<string, Promise<string>>();

  async function make(source: MediaFileRow, kind: TimelineKind, target: string): Promise<string> {
    const copy = path.join(options.tempDir, `timeline-${source.id}-${kind}-source`);
    const partial = `${target}.partial`;
    try {
      await withSeekableFile(options.storage, source.storageKey, copy, draw);
      await stat(partial);
      await rename(partial, target);
      return target;
    } finally {
      await rm(partial, { force: true });
    }

    async function draw(input: string) {
      if (kind === 'waveform') {
        const { stdout } = await runProcess(options.ffprobePath, codecProbeArgs(input), {
          timeoutMs: 30_000,
        });
        if (!hasAudioStream(stdout)) throw new AppError('NO_AUDIO');
      }
      const args =
        kind === 'thumbnails'
          ? thumbnailsArgs(input, partial, source.durationSeconds ?? 1)
          : waveformArgs(input, partial);
      await runProcess(options.ffmpegPath, args, { timeoutMs: 120_000 });
    }
  }

  return {
    /** The picture's file, made on the first request. */
    async fileFor(source: MediaFileRow, kind: TimelineKind): Promise<string> {
      await mkdir(options.cacheDir, { recursive: true });
      // The media id is random and never reused; the workspace is in the name so an id alone never matches.
      const target = path.join(options.cacheDir, `${source.workspaceId}-${source.id}-${kind}.png`);
      if (
        await stat(target).then(
          () => true,
          () => false,
        )
      )
        return target;
      const running = inFlight.get(target);
      if (running) return running;
      const made = make(source, kind, target)
        .catch((err: unknown) => {
          if (err instanceof AppError) throw err;
          throw new AppError('TIMELINE_FAILED');
        })
        .finally(() => inFlight.delete(target));
      inFlight.set(target, made);
      return made;
    },
  };
}
