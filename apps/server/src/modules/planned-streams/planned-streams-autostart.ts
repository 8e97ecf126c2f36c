import type { PlanId } from '@relaycast/shared/plans';
import { roleCan } from '@relaycast/shared/roles';
import type { StartStreamInput, StreamSession } from '@relaycast/shared/streaming';
import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plannedStreams } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { resolveWorkspace } from '../workspaces/workspaces.service';

/** How often the process that runs the live engine looks for pre-recorded streams due to start. */
export const AUTO_START_EVERY_MS = 15_000;
/**
 * A pre-recorded stream starts if its time came less than this long ago: a server that was down at the time
 * does not start a stream an hour late (the reminder and the banner still show it, decision 0095).
 */
export const AUTO_START_WINDOW_MS = 10 * 60_000;

export interface AutoStartDeps {
  db: Db;
  engine: {
    readonly isAvailable: boolean;
    startBrowserSession(
      owner: { userId: string; workspaceId: string },
      plan: PlanId | null,
      input: StartStreamInput,
    ): Promise<StreamSession>;
  };
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/**
 * Starts the pre-recorded planned streams whose time has come: each row is claimed first (UPDATE … WHERE
 * auto_started_at IS NULL … RETURNING), so one process starts it once; then it goes live like Go Live with a
 * library video, as its planner (who must still be a member allowed to stream). What happened is written on
 * the row: the session it started, or the reason it could not.
 */
export async function startDuePrerecordedStreams(
  deps: AutoStartDeps,
  now: Date = new Date(),
): Promise<number> {
  if (!deps.engine.isAvailable) return 0;
  const due = await deps.db
    .update(plannedStreams)
    .set({ autoStartedAt: now })
    .where(
      and(
        isNotNull(plannedStreams.mediaId),
        isNull(plannedStreams.autoStartedAt),
        lte(plannedStreams.scheduledAt, now),
        gt(plannedStreams.scheduledAt, new Date(now.getTime() - AUTO_START_WINDOW_MS)),
      ),
    )
    .returning();
  let started = 0;
  for (const row of due) {
    let result: { autoStartSessionId: string | null; autoStartError: string | null };
    try {
      const workspace = await resolveWorkspace(deps.db, row.userId, row.workspaceId);
      // resolveWorkspace falls back to another membership: the stream belongs to this workspace only.
      if (workspace.id !== row.workspaceId || !roleCan(workspace.role, 'stream'))
        throw new AppError('FORBIDDEN');
      const session = await deps.engine.startBrowserSession(
        { userId: row.userId, workspaceId: row.workspaceId },
        workspace.plan,
        {
          title: row.title,
          destinationIds: row.destinationIds.length > 0 ? row.destinationIds : undefined,
          scheduledStreamId: row.id,
          source: { kind: 'media', mediaId: row.mediaId ?? '', loop: row.mediaLoop },
        },
      );
      result = { autoStartSessionId: session.id, autoStartError: null };
      started += 1;
    } catch (err) {
      const reason = err instanceof AppError ? err.message : 'The stream could not start.';
      deps.log.warn({ plannedStreamId: row.id, err: String(err) }, 'a pre-recorded stream could not start');
      result = { autoStartSessionId: null, autoStartError: reason };
    }
    await deps.db.update(plannedStreams).set(result).where(eq(plannedStreams.id, row.id));
  }
  return started;
}
