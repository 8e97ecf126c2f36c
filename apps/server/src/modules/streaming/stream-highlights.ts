import {
  MAX_BACKGROUND_ANALYSIS_SECONDS,
  STREAM_HIGHLIGHT_MESSAGES,
  type StreamHighlights,
} from '@relaycast/shared/clips';
import { STREAMING_MESSAGES } from '@relaycast/shared/streaming';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaFiles, streamSessions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../../lib/job-queue';
import { checkAnalysable } from '../clips/clips.service';
import { backgroundAnalysisOf, queueBackgroundAnalysis } from '../clips/clips-background';
import type { StreamOwner } from './destinations.service';

/**
 * A stream's suggested clips (docs/decisions/0049-stream-clips.md): the analysis of its recording, run in the
 * background once the recording is kept. Another user's or workspace's stream is "not found".
 */
async function recordingOf(db: Db, owner: StreamOwner, sessionId: string) {
  const [row] = await db
    .select({ recordingMediaId: streamSessions.recordingMediaId })
    .from(streamSessions)
    .where(
      and(
        eq(streamSessions.workspaceId, owner.workspaceId),
        eq(streamSessions.userId, owner.userId),
        eq(streamSessions.id, sessionId),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: STREAMING_MESSAGES.sessionNotFound });
  if (!row.recordingMediaId) return null;
  // The recording may have been deleted from the library since.
  const [media] = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.workspaceId, owner.workspaceId), eq(mediaFiles.id, row.recordingMediaId)))
    .limit(1);
  return media ?? null;
}

export async function getSessionHighlights(
  db: Db,
  owner: StreamOwner,
  sessionId: string,
): Promise<StreamHighlights> {
  const media = await recordingOf(db, owner, sessionId);
  if (!media)
    return { status: 'no-recording', recordingMediaId: null, recordingSeconds: null, analysis: null };
  const { status, analysis } = await backgroundAnalysisOf(db, owner.workspaceId, media.id);
  return { status, recordingMediaId: media.id, recordingSeconds: media.durationSeconds, analysis };
}

/** "Find clips now": queues the background analysis of the stream's recording (up to 3 hours). */
export async function requestSessionHighlights(
  deps: { db: Db; queue: Pick<JobQueue, 'send'>; ffmpegAvailable: () => Promise<boolean> },
  owner: StreamOwner,
  sessionId: string,
): Promise<StreamHighlights> {
  const media = await recordingOf(deps.db, owner, sessionId);
  if (!media) throw new AppError('NO_RECORDING');
  checkAnalysable(media, {
    seconds: MAX_BACKGROUND_ANALYSIS_SECONDS,
    message: STREAM_HIGHLIGHT_MESSAGES.recordingTooLong,
  });
  if (!(await deps.ffmpegAvailable())) {
    throw new AppError('ANALYSIS_UNAVAILABLE');
  }
  await queueBackgroundAnalysis(deps.db, deps.queue, { workspaceId: owner.workspaceId, mediaId: media.id });
  return getSessionHighlights(deps.db, owner, sessionId);
}
