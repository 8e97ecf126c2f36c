import { stat } from 'node:fs/promises';
import type { MediaKind } from '@relaycast/shared/platforms';
import { spawnChild } from '../child-processes';
import { imageDimensions } from './image-dimensions';
import { imageThumbnail } from './image-thumbnail';

/** The part of a logger the runner needs (pino's and Fastify's fit). */
export interface RunnerLog {
  warn(obj: object, msg: string): void;
}

export class ProcessError extends Error {
  constructor(
    message: string,
    public readonly reason: 'missing' | 'failed' | 'timeout' | 'aborted',
    public readonly stderr = '',
  ) {
    super(message);
    this.name = 'ProcessError';
  }
}

const MAX_OUTPUT_BYTES = 1024 * 1024;

/**
 * Runs a program without a shell and collects its output. It is killed (SIGKILL) when it runs past
 * `timeoutMs` or when `signal` aborts, so a stuck ffmpeg never holds an upload forever. `onStdout` sees the
 * output as it comes (ffmpeg's `-progress pipe:1`). Started through spawnChild: it dies with the server, and
 * `tempPaths` (the files this run writes) are removed at the next start if the server died first.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: {
    timeoutMs: number;
    signal?: AbortSignal;
    onStdout?: (chunk: string) => void;
    tempPaths?: readonly string[];
  },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ProcessError(`${command} aborted`, 'aborted'));
      return;
    }
    const child = spawnChild(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
      tempPaths: options.tempPaths,
    });
    let stdout = '';
    let stderr = '';
    let settled = false;
    let outcome: ProcessError['reason'] | undefined;
    const kill = (reason: 'timeout' | 'aborted') => {
      outcome = reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill('timeout'), options.timeoutMs);
    const onAbort = () => kill('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (error?: ProcessError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve({ stdout, stderr });
    };
    child.stdout.on('data', (chunk: Buffer) => {
      options.onStdout?.(chunk.toString('utf8'));
      if (stdout.length < MAX_OUTPUT_BYTES) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_OUTPUT_BYTES) stderr += chunk.toString('utf8');
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      finish(
        err.code === 'ENOENT' || err.code === 'EACCES'
          ? new ProcessError(`${command} not found`, 'missing')
          : new ProcessError(`${command} failed to start: ${err.message}`, 'failed'),
      );
    });
    child.on('close', (code) => {
      if (outcome) finish(new ProcessError(`${command} was stopped (${outcome})`, outcome, stderr));
      else if (code !== 0) finish(new ProcessError(`${command} exited with code ${code}`, 'failed', stderr));
      else finish();
    });
  });
}

export interface ProbeResult {
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

export interface Thumbnail {
  path: string;
  mimeType: 'image/webp' | 'image/jpeg';
  extension: 'webp' | 'jpg';
}

export interface MediaProcessor {
  /** Whether ffmpeg and ffprobe can run here (checked once). */
  isAvailable(): Promise<boolean>;
  /** Width, height and (for videos) duration; null when ffprobe is missing or cannot read the file. */
  probe(file: string, kind: MediaKind, signal?: AbortSignal): Promise<ProbeResult | null>;
  /**
   * A still at most 480 px wide (and 960 px high): the image itself (made in this process by libvips, ffmpeg
   * when libvips cannot read it), or a poster frame of a video. Written next to `outputBase` with the
   * extension of the format used; null when ffmpeg is missing or fails.
   */
  makeThumbnail(
    input: string,
    outputBase: string,
    media: { kind: MediaKind; durationSeconds: number | null },
    signal?: AbortSignal,
  ): Promise<Thumbnail | null>;
}

export const THUMBNAIL_MAX_WIDTH = 480;
const THUMBNAIL_MAX_HEIGHT = 960;
const THUMBNAIL_BOX = { width: THUMBNAIL_MAX_WIDTH, height: THUMBNAIL_MAX_HEIGHT };

interface FfprobeOutput {
  streams?: {
    codec_type?: string;
    width?: number;
    height?: number;
    duration?: string;
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
  format?: { duration?: string };
}

function positiveNumber(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : null;
}

/** Reads ffprobe's JSON: the first video stream's displayed size (rotation applied) and the duration. */
export function parseProbe(json: string, kind: MediaKind): ProbeResult {
  const output = JSON.parse(json) as FfprobeOutput;
  const stream = output.streams?.find((candidate) => candidate.codec_type === 'video');
  let width = positiveNumber(stream?.width);
  let height = positiveNumber(stream?.height);
  const rotation = Math.abs(
    stream?.side_data_list?.find((data) => typeof data.rotation === 'number')?.rotation ??
      Number(stream?.tags?.rotate ?? 0),
  );
  if (rotation === 90 || rotation === 270) [width, height] = [height, width];
  const duration = positiveNumber(output.format?.duration) ?? positiveNumber(stream?.duration);
  return {
    width: width === null ? null : Math.round(width),
    height: height === null ? null : Math.round(height),
    durationSeconds: kind === 'video' && duration !== null ? Math.round(duration * 1000) / 1000 : null,
  };
}

/** Where to take a video's poster frame: 10% in, at most 5 s (past a black first frame, near the start). */
export function posterTimeOf(durationSeconds: number | null): number {
  if (!durationSeconds) return 0;
  return Math.round(Math.min(durationSeconds * 0.1, 5) * 1000) / 1000;
}

const isNonEmptyFile = (file: string): Promise<boolean> =>
  stat(file).then(
    (s) => s.size > 0,
    () => false,
  );

export function createMediaProcessor(options: {
  ffmpegPath: string;
  ffprobePath: string;
  log: RunnerLog;
  timeoutMs?: number;
}): MediaProcessor {
  const timeoutMs = options.timeoutMs ?? 60_000;
  let availability: Promise<{ available: boolean; webp: boolean }> | undefined;

  function checkAvailability() {
    availability ??= (async () => {
      try {
        await runProcess(options.ffprobePath, ['-version'], { timeoutMs: 10_000 });
        const { stdout } = await runProcess(options.ffmpegPath, ['-hide_banner', '-encoders'], {
          timeoutMs: 10_000,
        });
        return { available: true, webp: /\blibwebp\b/.test(stdout) };
      } catch (err) {
        options.log.warn(
          { ffmpegPath: options.ffmpegPath, ffprobePath: options.ffprobePath, err: String(err) },
          'ffmpeg/ffprobe not available: media uploads work without thumbnails, dimensions or durations. Install ffmpeg or set FFMPEG_PATH and FFPROBE_PATH.',
        );
        return { available: false, webp: false };
      }
    })();
    return availability;
  }

  async function thumbnailAt(
    input: string,
    output: string,
    webp: boolean,
    seekSeconds: number,
    signal?: AbortSignal,
  ) {
    const scale = `scale=w='min(${THUMBNAIL_MAX_WIDTH},iw)':h='min(${THUMBNAIL_MAX_HEIGHT},ih)':force_original_aspect_ratio=decrease`;
    await runProcess(
      options.ffmpegPath,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostdin',
        '-y',
        ...(seekSeconds > 0 ? ['-ss', String(seekSeconds)] : []),
        '-i',
        input,
        '-frames:v',
        '1',
        '-vf',
        scale,
        ...(webp ? ['-c:v', 'libwebp', '-quality', '80'] : ['-q:v', '4']),
        // The image2 muxer writes no file at all when no frame came out (a seek past the end).
        '-f',
        'image2',
        '-update',
        '1',
        output,
      ],
      { timeoutMs, signal },
    );
    return isNonEmptyFile(output);
  }

  return {
    async isAvailable() {
      return (await checkAvailability()).available;
    },

    async probe(file, kind, signal) {
      if (!(await checkAvailability()).available) return null;
      if (kind === 'image') {
        const read = await imageDimensions(file);
        if (read) return read;
      }
      try {
        const { stdout } = await runProcess(
          options.ffprobePath,
          ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
          { timeoutMs, signal },
        );
        return parseProbe(stdout, kind);
      } catch (err) {
        if (err instanceof ProcessError && err.reason === 'aborted') throw err;
        options.log.warn({ err: String(err) }, 'ffprobe could not read an uploaded file');
        return null;
      }
    },

    async makeThumbnail(input, outputBase, media, signal) {
      const { available, webp } = await checkAvailability();
      if (!available) return null;
      // An image in this process (libvips); ffmpeg for a video, or an image libvips cannot read.
      const made =
        media.kind === 'image' && (await imageThumbnail(input, outputBase, THUMBNAIL_BOX, timeoutMs));
      if (made) return made;
      const thumbnail: Thumbnail = webp
        ? { path: `${outputBase}.webp`, mimeType: 'image/webp', extension: 'webp' }
        : { path: `${outputBase}.jpg`, mimeType: 'image/jpeg', extension: 'jpg' };
      try {
        const seek = media.kind === 'video' ? posterTimeOf(media.durationSeconds) : 0;
        if (await thumbnailAt(input, thumbnail.path, webp, seek, signal)) return thumbnail;
        // A seek past the last decodable frame writes nothing: fall back to the first frame.
        if (seek > 0 && (await thumbnailAt(input, thumbnail.path, webp, 0, signal))) return thumbnail;
        return null;
      } catch (err) {
        if (err instanceof ProcessError && err.reason === 'aborted') throw err;
        options.log.warn({ err: String(err) }, 'ffmpeg could not make a thumbnail');
        return null;
      }
    },
  };
}

/**
 * Reads ffmpeg's `-progress` output (key=value lines, a block per report): the latest `out_time_us`
 * (`out_time_ms` is also in microseconds, an old ffmpeg misnomer), as seconds. Null when none was seen.
 */
export function progressSecondsOf(text: string): number | null {
  let latest: number | null = null;
  for (const match of text.matchAll(/^out_time_(?:us|ms)=(\d+)$/gm)) {
    const microseconds = Number(match[1]);
    if (Number.isFinite(microseconds)) latest = microseconds / 1_000_000;
  }
  return latest;
}
