import {
  CLIP_HIGHLIGHT_MESSAGES,
  type ClipAnalysis,
  MAX_ANALYSIS_SECONDS,
  MAX_CLIPS,
} from '@relaycast/shared/clips';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clipAnalyses } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MediaStorage } from '../../lib/media/storage';
import type { MediaFileRow } from '../media/media.service';
import { analyseVideo } from './clips-analysis';
import { SCENE_THRESHOLD, scoreClips } from './clips-score';
import { transcriptFor, withSpeech } from './clips-transcribe';
import type { AiTranscription } from './clips-transcript-ai';

/** The most scene changes kept in a result (the strongest, listed in time order). */
const MAX_SCENE_CHANGES = 50;

export interface ClipsDeps {
  db: Db;
  storage: MediaStorage;
  ffmpegPath: string;
  ffprobePath: string;
  tempDir: string;
  /** PocketSphinx's model folder (clips-transcript.ts); without it no transcript is made. */
  modelDir?: string;
  /** The AI provider's speech-to-text, tried before the local one (clips-transcript-ai.ts). */
  ai?: AiTranscription | null;
}

/** Analyses running at once in this process (each is an ffmpeg decoding a whole video). */
export const MAX_RUNNING_ANALYSES = 2;

/**
 * Runs analyses, at most `limit` at a time: a request for a video already being analysed (same key) shares that
 * run; one more beyond the limit is refused with 429 rather than queued behind minutes of ffmpeg.
 */
export type AnalysisRunner = ReturnType<typeof createAnalysisRunner>;

export function createAnalysisRunner(limit = MAX_RUNNING_ANALYSES) {
  const running = new Map<string, Promise<ClipAnalysis>>();
  return {
    run(key: string, analyse: () => Promise<ClipAnalysis>): Promise<ClipAnalysis> {
      const existing = running.get(key);
      if (existing) return existing;
      if (running.size >= limit) throw new AppError('ANALYSIS_BUSY');
      const run = analyse().finally(() => running.delete(key));
      running.set(key, run);
      return run;
    },
  };
}

/**
 * Refuses what cannot be analysed: an image (400), a video over 10 minutes (400; background runs pass their
 * own longer limit), one ffprobe could not read.
 */
export function checkAnalysable(
  source: MediaFileRow,
  limit: { seconds: number; message: string } = {
    seconds: MAX_ANALYSIS_SECONDS,
    message: CLIP_HIGHLIGHT_MESSAGES.tooLong,
  },
): number {
  if (source.kind !== 'video') throw new AppError('NOT_A_VIDEO');
  const duration = source.durationSeconds;
  if (!duration || duration <= 0) {
    throw new AppError('ANALYSIS_FAILED');
  }
  if (duration > limit.seconds + 0.5) {
    throw new AppError('VIDEO_TOO_LONG', { message: limit.message });
  }
  return duration;
}

/** Runs the analysis of a video `checkAnalysable` let through, scores the clips, and stores the result. */
export async function analyseAndStore(
  deps: ClipsDeps,
  source: MediaFileRow,
  clipSeconds: number,
  options: { transcribe?: boolean } = {},
): Promise<ClipAnalysis> {
  // The transcript (docs/decisions/0050-clip-transcript.md), made alongside the analysis or the one kept.
  const transcribing = transcriptFor(deps, source, options.transcribe === true);
  transcribing.catch(() => undefined);
  let signals: Awaited<ReturnType<typeof analyseVideo>>;
  try {
    signals = await analyseVideo(source, deps);
  } catch {
    throw new AppError('ANALYSIS_FAILED');
  }
  const transcript = await transcribing;
  const sceneChanges = signals.scenes
    .map((score, second) => ({ time: second, score: Math.round(score * 1000) / 1000 }))
    .filter((change) => change.score >= SCENE_THRESHOLD)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_SCENE_CHANGES)
    .sort((a, b) => a.time - b.time);
  const result: ClipAnalysis = {
    mediaId: source.id,
    durationSeconds: signals.durationSeconds,
    clipSeconds: Math.min(clipSeconds, Math.ceil(signals.durationSeconds)),
    sceneChanges,
    clips: scoreClips(withSpeech(signals, transcript), clipSeconds, MAX_CLIPS),
    ...(transcript ? { transcript } : {}),
    createdAt: new Date().toISOString(),
  };
  try {
    await deps.db
      .insert(clipAnalyses)
      .values({ mediaId: source.id, workspaceId: source.workspaceId, result })
      .onConflictDoUpdate({ target: clipAnalyses.mediaId, set: { result, createdAt: new Date() } });
  } catch {
    // The video (or its workspace) was deleted while it was being analysed: there is nothing to keep it for.
    throw new AppError('NOT_FOUND', { message: CLIP_HIGHLIGHT_MESSAGES.analysisFailed });
  }
  return result;
}

/** The stored analysis of a workspace's video; null when it was never analysed ("none yet", not an error). */
export async function storedAnalysis(
  db: Db,
  workspaceId: string,
  mediaId: string,
): Promise<ClipAnalysis | null> {
  const [row] = await db
    .select({ result: clipAnalyses.result })
    .from(clipAnalyses)
    .where(and(eq(clipAnalyses.workspaceId, workspaceId), eq(clipAnalyses.mediaId, mediaId)))
    .limit(1);
  return row?.result ?? null;
}

/** The stored analysis an operation needs; 404 when it was never analysed. */
export async function findAnalysis(db: Db, workspaceId: string, mediaId: string): Promise<ClipAnalysis> {
  const analysis = await storedAnalysis(db, workspaceId, mediaId);
  if (!analysis) throw new AppError('NOT_FOUND', { message: CLIP_HIGHLIGHT_MESSAGES.notAnalysed });
  return analysis;
}
