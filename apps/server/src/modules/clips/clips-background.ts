import path from 'node:path';
import {
  type ClipAnalysis,
  DEFAULT_CLIP_SECONDS,
  MAX_BACKGROUND_ANALYSIS_SECONDS,
  STALE_BACKGROUND_ANALYSIS_MINUTES,
  STREAM_HIGHLIGHT_MESSAGES,
} from '@relaycast/shared/clips';
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { clipAnalyses, clipAnalysisRuns } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { JobSender } from '../../lib/job-queue';
import type { MediaStorage } from '../../lib/media/storage';
import { findMedia } from '../media/media.service';
import { type AnalysisRunner, analyseAndStore, type ClipsDeps, checkAnalysable } from './clips.service';
import { aiTranscriptionSettings } from './clips-transcript-ai';

/**
 * Background analyses (docs/decisions/0049-stream-clips.md): a stream's recording is analysed by the
 * `clip-analysis` job once it is kept, with the same analysis and storage as the request route
 * (`analyseAndStore`) and the same runner (at most MAX_RUNNING_ANALYSES at once in the process). The
 * clip_analysis_runs row is the truth: queued → analysing → removed (the analysis is stored) or failed.
 */
export const CLIP_ANALYSIS_JOB = 'clip-analysis';
export const clipAnalysisPayloadSchema = z.object({ workspaceId: z.string(), mediaId: z.string() });
export type ClipAnalysisPayload = z.infer<typeof clipAnalysisPayloadSchema>;

/** When every runner slot is taken, the job comes back this much later. */
export const BUSY_RETRY_MS = 30_000;

type Queue = Pick<JobSender, 'send'>;
export type BackgroundStatus = 'not-analysed' | 'queued' | 'analysing' | 'done' | 'failed';

function staleBefore(now: Date): Date {
  return new Date(now.getTime() - STALE_BACKGROUND_ANALYSIS_MINUTES * 60_000);
}

/** Where the analysis of a workspace's video stands (a stale queued or running row counts as failed). */
export async function backgroundAnalysisOf(
  db: Db,
  workspaceId: string,
  mediaId: string,
  now = new Date(),
): Promise<{ status: BackgroundStatus; analysis: ClipAnalysis | null }> {
  const [stored] = await db
    .select({ result: clipAnalyses.result })
    .from(clipAnalyses)
    .where(and(eq(clipAnalyses.workspaceId, workspaceId), eq(clipAnalyses.mediaId, mediaId)))
    .limit(1);
  if (stored) return { status: 'done', analysis: stored.result };
  const [run] = await db
    .select({ status: clipAnalysisRuns.status, updatedAt: clipAnalysisRuns.updatedAt })
    .from(clipAnalysisRuns)
    .where(and(eq(clipAnalysisRuns.workspaceId, workspaceId), eq(clipAnalysisRuns.mediaId, mediaId)))
    .limit(1);
  if (!run) return { status: 'not-analysed', analysis: null };
  const stale = run.status !== 'failed' && run.updatedAt < staleBefore(now);
  return { status: stale ? 'failed' : run.status, analysis: null };
}

/**
 * Queues the background analysis of a video unless it is analysed, queued or running already (a failed or
 * stale one is queued again). Never throws for a video deleted meanwhile: there is nothing to queue then.
 */
export async function queueBackgroundAnalysis(
  db: Db,
  queue: Queue,
  payload: ClipAnalysisPayload,
  now = new Date(),
): Promise<BackgroundStatus> {
  const current = await backgroundAnalysisOf(db, payload.workspaceId, payload.mediaId, now);
  if (current.status !== 'not-analysed' && current.status !== 'failed') return current.status;
  const claimed = await db
    .insert(clipAnalysisRuns)
    .values({ ...payload, status: 'queued', updatedAt: now })
    .onConflictDoUpdate({
      target: clipAnalysisRuns.mediaId,
      set: { status: 'queued', updatedAt: now },
      setWhere: or(eq(clipAnalysisRuns.status, 'failed'), lt(clipAnalysisRuns.updatedAt, staleBefore(now))),
    })
    .returning({ mediaId: clipAnalysisRuns.mediaId })
    .catch(() => []);
  if (claimed.length > 0) await queue.send(CLIP_ANALYSIS_JOB, payload);
  return 'queued';
}

async function setRunStatus(db: Db, mediaId: string, status: 'queued' | 'failed'): Promise<void> {
  await db
    .update(clipAnalysisRuns)
    .set({ status, updatedAt: new Date() })
    .where(eq(clipAnalysisRuns.mediaId, mediaId))
    .catch(() => undefined);
}

/**
 * The `clip-analysis` job: claims the queued row (a duplicate or late job finds none and does nothing), runs
 * the analysis through the shared runner, and removes the row once the analysis is stored; marks it failed
 * when the video cannot be analysed. A video or workspace deleted meanwhile takes its row with it.
 */
export async function runBackgroundAnalysis(
  deps: ClipsDeps,
  runner: AnalysisRunner,
  queue: Queue,
  payload: ClipAnalysisPayload,
): Promise<void> {
  const { db } = deps;
  const claimed = await db
    .update(clipAnalysisRuns)
    .set({ status: 'analysing', updatedAt: new Date() })
    .where(
      and(
        eq(clipAnalysisRuns.mediaId, payload.mediaId),
        eq(clipAnalysisRuns.workspaceId, payload.workspaceId),
        inArray(clipAnalysisRuns.status, ['queued']),
      ),
    )
    .returning({ mediaId: clipAnalysisRuns.mediaId });
  if (claimed.length === 0) return;
  try {
    const source = await findMedia(db, payload.workspaceId, payload.mediaId);
    checkAnalysable(source, {
      seconds: MAX_BACKGROUND_ANALYSIS_SECONDS,
      message: STREAM_HIGHLIGHT_MESSAGES.recordingTooLong,
    });
    const key = `${payload.workspaceId}/${payload.mediaId}/${DEFAULT_CLIP_SECONDS}`;
    await runner.run(key, () => analyseAndStore(deps, source, DEFAULT_CLIP_SECONDS));
    await db.delete(clipAnalysisRuns).where(eq(clipAnalysisRuns.mediaId, payload.mediaId));
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) {
      // Every slot is taken by other analyses: wait in the queue rather than run a third ffmpeg.
      await setRunStatus(db, payload.mediaId, 'queued');
      await queue.send(CLIP_ANALYSIS_JOB, payload, { startAfter: new Date(Date.now() + BUSY_RETRY_MS) });
      return;
    }
    await setRunStatus(db, payload.mediaId, 'failed');
  }
}

/** What an analysis needs, the same for the route and the job (the route prepares the temp folder). */
export function clipsDepsOf(deps: { db: Db; config: Config; storage: MediaStorage }): ClipsDeps {
  const { db, config, storage } = deps;
  return {
    db,
    storage,
    ffmpegPath: config.ffmpegPath,
    ffprobePath: config.ffprobePath,
    tempDir: path.join(config.dataDir, 'tmp', 'clips'),
    modelDir: config.pocketsphinxModelDir,
    ai: aiTranscriptionSettings(config.ai),
  };
}
