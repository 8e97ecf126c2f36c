import { access, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Transcript, Utterance } from '@relaycast/shared/clip-transcript';
import { runProcess } from '../../lib/media/ffmpeg';
import { type MediaStorage, withSeekableFile } from '../../lib/media/storage';
import type { MediaFileRow } from '../media/media.service';
import { codecProbeArgs, hasAudioStream } from '../video-editor/video-editor-ffmpeg';
import { framesOf } from './clips-analysis';
import { type AiTranscription, transcribeWithProvider } from './clips-transcript-ai';

/**
 * Offline English speech-to-text for the clip highlights (docs/decisions/0050-clip-transcript.md): ffmpeg's `asr`
 * filter (PocketSphinx, Debian's `pocketsphinx-en-us` model) over the video's sound at 16 kHz mono. `asr` prints
 * each utterance's text once, on the frame where PocketSphinx decided it ended (`apad` flushes the last one), so
 * the same chain runs `silencedetect` (-40 dB for 0.3 s): an utterance starts where the silence around the end of
 * the one before it ends (the video's start for the first), and ends where the last silence before its report
 * starts (the report's time when there is none, as under music). A separate step from the one-pass analysis: it
 * runs at about a quarter of real time on one core, the analysis at a tenth.
 */

/** The model files in PocketSphinx's model folder (Debian's layout). */
export function modelFiles(dir: string) {
  return {
    hmm: path.join(dir, 'en-us'),
    dict: path.join(dir, 'cmudict-en-us.dict'),
    lm: path.join(dir, 'en-us.lm.bin'),
  };
}

/** A file path inside a filter option: anything unusual is refused. */
function filterPath(value: string): string {
  if (!/^[\w./-]+$/.test(value)) throw new Error(`unsafe path for an ffmpeg filter: ${value}`);
  return value;
}

export function transcriptionArgs(input: string, output: string, modelDir: string): string[] {
  const model = modelFiles(modelDir);
  const chain = [
    'aresample=16000',
    'aformat=sample_fmts=s16:channel_layouts=mono',
    'silencedetect=n=-40dB:d=0.3',
    'apad=pad_dur=2',
    `asr=hmm=${filterPath(model.hmm)}:dict=${filterPath(model.dict)}:lm=${filterPath(model.lm)}`,
    `ametadata=mode=print:file=${filterPath(output)}`,
  ].join(',');
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', input],
    ...['-map', '0:a:0', '-af', chain, '-f', 'null', '-'],
  ];
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The utterances of an `asr` + `silencedetect` metadata file of a video of `duration` seconds. */
export function parseTranscription(text: string, duration: number): Utterance[] {
  const silences: [number, number][] = [];
  const reports: { time: number; text: string }[] = [];
  let open: number | null = null;
  for (const frame of framesOf(text)) {
    const start = frame.values.get('lavfi.silence_start');
    const end = frame.values.get('lavfi.silence_end');
    if (start !== undefined) open = Number(start);
    if (end !== undefined) {
      silences.push([open ?? 0, Number(end)]);
      open = null;
    }
    const said = frame.values.get('lavfi.asr.text');
    if (said !== undefined) reports.push({ time: frame.time, text: said.replace(/\s+/g, ' ').trim() });
  }
  if (open !== null) silences.push([open, Math.max(open, duration)]);
  const utterances: Utterance[] = [];
  let previous = 0;
  for (const report of reports.sort((a, b) => a.time - b.time)) {
    // The silence the previous utterance ended in: this one starts where it ends (if before the report).
    const gap = silences.find(([from, to]) => from <= previous + 0.05 && to > previous);
    let start = gap && gap[1] < report.time ? gap[1] : previous;
    const pauses = silences.map(([from]) => from).filter((from) => from > start && from <= report.time);
    const end = Math.min(duration, pauses.length > 0 ? Math.max(...pauses) : report.time);
    start = Math.min(start, end);
    if (report.text !== '' && end > start) {
      utterances.push({ start: round(start), end: round(end), text: report.text });
    }
    previous = Math.max(previous, end);
  }
  return utterances;
}

/** The spoken words per second: each utterance's words spread evenly over its time. */
export function wordsPerSecond(utterances: readonly Utterance[], seconds: number): number[] {
  const words = new Array<number>(seconds).fill(0);
  for (const utterance of utterances) {
    const count = utterance.text.split(/\s+/).filter(Boolean).length;
    const length = utterance.end - utterance.start;
    if (count === 0 || length <= 0) continue;
    for (let second = Math.floor(utterance.start); second < Math.min(seconds, utterance.end); second++) {
      const overlap = Math.min(second + 1, utterance.end) - Math.max(second, utterance.start);
      if (overlap > 0) words[second] = (words[second] ?? 0) + (count * overlap) / length;
    }
  }
  return words;
}

const asrFilterChecks = new Map<string, Promise<boolean>>();

/** Whether ffmpeg has the `asr` filter (checked once per ffmpeg path). */
function hasAsrFilter(ffmpegPath: string): Promise<boolean> {
  let check = asrFilterChecks.get(ffmpegPath);
  if (!check) {
    check = runProcess(ffmpegPath, ['-hide_banner', '-h', 'filter=asr'], { timeoutMs: 10_000 }).then(
      ({ stdout }) => /Filter asr/.test(stdout),
      () => false,
    );
    asrFilterChecks.set(ffmpegPath, check);
  }
  return check;
}

/** Whether this server can transcribe: ffmpeg with `asr`, and the model's files in place. */
export async function canTranscribe(options: { ffmpegPath: string; modelDir: string }): Promise<boolean> {
  const model = modelFiles(options.modelDir);
  try {
    await Promise.all([model.hmm, model.dict, model.lm].map((file) => access(file)));
  } catch {
    return false;
  }
  return hasAsrFilter(options.ffmpegPath);
}

export interface TranscribeOptions {
  storage: MediaStorage;
  ffmpegPath: string;
  ffprobePath: string;
  tempDir: string;
  modelDir: string;
  /** The AI provider's transcription (clips-transcript-ai.ts), tried first when set. */
  ai?: AiTranscription | null;
}

/**
 * Transcribes the stored file's first sound track (none: no utterances) with the AI provider when it is set up
 * and answers, else with the local PocketSphinx. The file is read in place on the local disk, copied to
 * `tempDir` from S3.
 */
export async function transcribeVideo(source: MediaFileRow, options: TranscribeOptions): Promise<Transcript> {
  const base = path.join(options.tempDir, `transcript-${source.id}-${Date.now()}`);
  const output = `${base}-asr.txt`;
  const audioFile = `${base}-audio.mp3`;
  const copy = `${base}-source`;
  try {
    return await withSeekableFile(options.storage, source.storageKey, copy, (input) =>
      transcribeFile(input, source, options, { output, audioFile, copy }),
    );
  } finally {
    await Promise.all([output, audioFile].map((file) => rm(file, { force: true })));
  }
}

async function transcribeFile(
  input: string,
  source: MediaFileRow,
  options: TranscribeOptions,
  { output, audioFile, copy }: { output: string; audioFile: string; copy: string },
): Promise<Transcript> {
  const { stdout } = await runProcess(options.ffprobePath, codecProbeArgs(input), { timeoutMs: 30_000 });
  let utterances: Utterance[] = [];
  const duration = source.durationSeconds ?? 0;
  if (hasAudioStream(stdout)) {
    if (options.ai) {
      const answer = await transcribeWithProvider(options.ai, { ...options, input, audioFile, duration });
      if (answer) return { source: 'ai', utterances: answer, createdAt: new Date().toISOString() };
    }
    if (!(await canTranscribe(options))) throw new Error('no speech-to-text on this server');
    await runProcess(options.ffmpegPath, transcriptionArgs(input, output, options.modelDir), {
      timeoutMs: 900_000,
      // Removed at the next start if the server dies meanwhile (with the copy from S3, when there is one).
      tempPaths: [output, audioFile, copy],
    });
    utterances = parseTranscription(await readFile(output, 'utf8'), duration);
  }
  return { source: 'local', utterances, createdAt: new Date().toISOString() };
}
