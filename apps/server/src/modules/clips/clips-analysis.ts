import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { runProcess } from '../../lib/media/ffmpeg';
import { type MediaStorage, withSeekableFile } from '../../lib/media/storage';
import type { MediaFileRow } from '../media/media.service';
import { codecProbeArgs, hasAudioStream } from '../video-editor/video-editor-ffmpeg';
import type { VideoSignals } from './clips-score';

/**
 * Measures a video for the clip highlights in ONE ffmpeg run (docs/decisions/0048-clip-highlights.md): the
 * picture scaled down to 320 px at 5 frames a second through `scdet` (scene-change score per frame), the sound
 * through `ebur128` (momentary loudness every 100 ms) and `silencedetect`, each printing its frame metadata to
 * a file (`metadata=mode=print:file=…`), and nothing encoded (`-f null`). The movement in the left, middle and
 * right thirds (frame differences) gives where across the picture the activity is, for the 9:16 crop; it is not
 * a score signal (scdet's small scores are movement within a shot, and stay under the scene threshold).
 */

/** A file path inside a filter option: the server's own temp paths, so anything unusual is refused. */
function filterPath(value: string): string {
  if (!/^[\w./-]+$/.test(value)) throw new Error(`unsafe path for an ffmpeg filter: ${value}`);
  return value;
}

/** The thirds of the picture whose movement is measured: left, middle, right. */
const THIRDS = ['0', 'iw/3', 'iw*2/3'] as const;

export interface AnalysisFiles {
  video: string;
  /** The movement of the left, middle and right thirds. */
  motion: readonly [string, string, string];
  audio: string | null;
}

export function analysisArgs(input: string, files: AnalysisFiles): string[] {
  // The small picture is split: scdet on one branch; on the other, each frame's difference from the one before
  // (tblend), whose mean brightness per third (signalstats YAVG) is how much moved there.
  const motion = THIRDS.map(
    (x, index) =>
      `[m${index}]crop=iw/3:ih:${x}:0,signalstats,metadata=mode=print:key=lavfi.signalstats.YAVG:file=${filterPath(files.motion[index] as string)}[mo${index}]`,
  ).join(';');
  // fps before scale: the frames not kept are dropped before they are scaled (scaling every 1080p frame and
  // keeping a sixth of them was 40 % of the run; docs/benchmarks.md, "Video").
  const video = [
    '[0:v:0]fps=5,scale=320:-2,split=2[s][m]',
    `[s]scdet=threshold=0:sc_pass=0,metadata=mode=print:file=${filterPath(files.video)}[vo]`,
    '[m]tblend=all_mode=difference,split=3[m0][m1][m2]',
    motion,
  ].join(';');
  const audio = files.audio
    ? `;[0:a:0]aformat=sample_rates=48000,ebur128=metadata=1:framelog=verbose,silencedetect=n=-50dB:d=1,ametadata=mode=print:file=${filterPath(files.audio)}[ao]`
    : '';
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', input],
    ...['-filter_complex', `${video}${audio}`],
    ...['-map', '[vo]', '-map', '[mo0]', '-map', '[mo1]', '-map', '[mo2]'],
    ...(files.audio ? ['-map', '[ao]'] : []),
    ...['-f', 'null', '-'],
  ];
}

/** The mean movement (signalstats YAVG of the frame difference, 0–255) of each second. */
export function parseMotion(text: string, seconds: number): number[] {
  const sums = new Array<number>(seconds).fill(0);
  const counts = new Array<number>(seconds).fill(0);
  for (const frame of framesOf(text)) {
    const value = Number(frame.values.get('lavfi.signalstats.YAVG'));
    const second = Math.floor(frame.time);
    if (!Number.isFinite(value) || second < 0 || second >= seconds) continue;
    sums[second] = (sums[second] ?? 0) + value;
    counts[second] = (counts[second] ?? 0) + 1;
  }
  return sums.map((sum, index) => (counts[index] ? sum / (counts[index] as number) : 0));
}

/** Splits a `metadata=print` file into frames: each frame's time and its keys. */
export function framesOf(text: string): { time: number; values: Map<string, string> }[] {
  const frames: { time: number; values: Map<string, string> }[] = [];
  for (const line of text.split('\n')) {
    const header = /pts_time:(-?[\d.]+)/.exec(line);
    if (line.startsWith('frame:') && header) {
      frames.push({ time: Number(header[1]), values: new Map() });
      continue;
    }
    const equals = line.indexOf('=');
    const frame = frames.at(-1);
    if (frame && equals > 0) frame.values.set(line.slice(0, equals).trim(), line.slice(equals + 1).trim());
  }
  return frames;
}

/** The strongest scene score (scdet's 0–100 as 0–1) in each second. */
export function parseScenes(text: string, seconds: number): number[] {
  const scenes = new Array<number>(seconds).fill(0);
  for (const frame of framesOf(text)) {
    const score = Number(frame.values.get('lavfi.scd.score'));
    const second = Math.floor(frame.time);
    if (!Number.isFinite(score) || second < 0 || second >= seconds) continue;
    scenes[second] = Math.max(scenes[second] ?? 0, Math.min(1, score / 100));
  }
  return scenes;
}

/** The mean momentary loudness (LUFS) of each second, and the silent share of each second. */
export function parseAudio(text: string, seconds: number): { loudness: number[]; silence: number[] } {
  const sums = new Array<number>(seconds).fill(0);
  const counts = new Array<number>(seconds).fill(0);
  const spans: [number, number][] = [];
  let open: number | null = null;
  for (const frame of framesOf(text)) {
    const loudness = Number(frame.values.get('lavfi.r128.M'));
    const second = Math.floor(frame.time);
    if (Number.isFinite(loudness) && second >= 0 && second < seconds) {
      sums[second] = (sums[second] ?? 0) + Math.max(-70, loudness);
      counts[second] = (counts[second] ?? 0) + 1;
    }
    const start = frame.values.get('lavfi.silence_start');
    const end = frame.values.get('lavfi.silence_end');
    if (start !== undefined) open = Number(start);
    if (end !== undefined) {
      spans.push([open ?? 0, Number(end)]);
      open = null;
    }
  }
  if (open !== null) spans.push([open, seconds]);
  const loudness = sums.map((sum, index) => (counts[index] ? sum / (counts[index] as number) : -70));
  const silence = loudness.map((_, second) => {
    let covered = 0;
    for (const [from, to] of spans) covered += Math.max(0, Math.min(to, second + 1) - Math.max(from, second));
    return Math.min(1, covered);
  });
  return { loudness, silence };
}

/** Runs the one ffmpeg pass over the stored file (a copy in `tempDir` from S3) and returns the per-second signals. */
export async function analyseVideo(
  source: MediaFileRow,
  options: { storage: MediaStorage; ffmpegPath: string; ffprobePath: string; tempDir: string },
): Promise<VideoSignals> {
  const base = path.join(options.tempDir, `clips-${source.id}-${Date.now()}`);
  const motion = [`${base}-left.txt`, `${base}-middle.txt`, `${base}-right.txt`] as const;
  const files = { video: `${base}-video.txt`, motion, audio: `${base}-audio.txt`, copy: `${base}-source` };
  try {
    return await withSeekableFile(options.storage, source.storageKey, files.copy, (input) =>
      signalsOf(input, source, options, files),
    );
  } finally {
    await Promise.all([files.video, files.audio, ...motion].map((file) => rm(file, { force: true })));
  }
}

async function signalsOf(
  input: string,
  source: MediaFileRow,
  options: { ffmpegPath: string; ffprobePath: string },
  files: { video: string; motion: readonly [string, string, string]; audio: string; copy: string },
): Promise<VideoSignals> {
  const { motion } = files;
  const { stdout } = await runProcess(options.ffprobePath, codecProbeArgs(input), { timeoutMs: 30_000 });
  const withAudio = hasAudioStream(stdout);
  await runProcess(
    options.ffmpegPath,
    analysisArgs(input, { ...files, audio: withAudio ? files.audio : null }),
    // 5 minutes, or half the video's length for the long recordings analysed in the background. The files it
    // writes (and the copy from S3) are removed at the next start if the server dies meanwhile.
    {
      timeoutMs: Math.max(300_000, (source.durationSeconds ?? 0) * 500),
      tempPaths: [files.video, files.audio, ...motion, files.copy],
    },
  );
  const durationSeconds = source.durationSeconds ?? 0;
  const seconds = Math.max(1, Math.ceil(durationSeconds));
  const scenes = parseScenes(await readFile(files.video, 'utf8'), seconds);
  const audio = withAudio
    ? parseAudio(await readFile(files.audio, 'utf8'), seconds)
    : { loudness: [], silence: new Array<number>(seconds).fill(0) };
  const [left, middle, right] = await Promise.all(
    motion.map(async (file) => parseMotion(await readFile(file, 'utf8'), seconds)),
  );
  const motionThirds = [left ?? [], middle ?? [], right ?? []] as const;
  return { durationSeconds, scenes, motionThirds, ...audio };
}
