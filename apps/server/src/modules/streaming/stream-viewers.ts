import type { PlatformId } from '@relaycast/shared/platforms';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { socialAccounts, streamSessionDestinations } from '../../db/schema/index';
import { connectorFor, hasConnector } from '../../platforms/registry';
import { withFreshCredentials } from '../accounts/account-credentials';

/**
 * Viewers of a live stream, as the platform's API counts them (docs/streaming.md "Viewers"). A
 * destination is an RTMP address and a key, not an account: the count is read from the workspace's connected
 * account of the same platform, whose API tells which broadcast is live now. Only YouTube's API gives a live
 * viewer count to a third-party tool here (`liveStreamingDetails.concurrentViewers`); the other destinations
 * (Twitch, Facebook, LinkedIn, X, custom RTMP) have no connected account or no such figure, so they show none.
 *
 * About every minute, each live destination of such a platform is claimed (`viewers_checked_at`, so several
 * worker processes never read one twice) and read. The reading is attributed only when it cannot be another
 * stream's: the stream has one destination of that platform and exactly one of the workspace's connected
 * accounts of it is live now. The highest and the last reading are kept.
 */

/** How often a live destination's viewers are read (two YouTube quota units a reading: 120 an hour). */
export const STREAM_VIEWERS_EVERY_MS = 60_000;

/** Platforms whose connector reads live viewers (`analytics.readLiveViewers`). */
function readsViewers(platform: string): platform is PlatformId {
  return (
    hasConnector(platform as PlatformId) &&
    Boolean(connectorFor(platform as PlatformId).analytics?.readLiveViewers)
  );
}

interface Claimed {
  session_id: string;
  destination_id: string;
  platform: string;
  workspace_id: string;
}

/** Claims the live destinations due for a reading: those of platforms that give viewers, not asked for a while. */
async function claimDue(db: Db, platforms: string[], now: Date): Promise<Claimed[]> {
  if (platforms.length === 0) return [];
  const dueBefore = new Date(now.getTime() - STREAM_VIEWERS_EVERY_MS + 5_000).toISOString();
  const platformList = sql.join(
    platforms.map((platform) => sql`${platform}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    update stream_session_destinations d set viewers_checked_at = ${now.toISOString()}::timestamptz
    from stream_sessions s
    where s.id = d.session_id and s.status = 'live' and d.platform in (${platformList})
      and (d.viewers_checked_at is null or d.viewers_checked_at < ${dueBefore}::timestamptz)
    returning d.session_id, d.destination_id, d.platform, s.workspace_id`)) as unknown as { rows: Claimed[] };
  return result.rows;
}

export interface ViewersSweepResult {
  read: number;
  problems: string[];
}

/** One pass: every claimed destination read once; one account's failure never stops the others. */
export async function sweepStreamViewers(
  db: Db,
  config: Config,
  options: { now?: Date; log?: FastifyBaseLogger } = {},
): Promise<ViewersSweepResult> {
  const now = options.now ?? new Date();
  const platforms = ['youtube'].filter(readsViewers);
  const claimed = await claimDue(db, platforms, now);
  const result: ViewersSweepResult = { read: 0, problems: [] };
  // One destination of a platform per stream, or the reading could be any of them.
  const perStream = new Map<string, number>();
  for (const row of claimed) {
    const key = `${row.session_id}/${row.platform}`;
    perStream.set(key, (perStream.get(key) ?? 0) + 1);
  }
  for (const row of claimed) {
    if ((perStream.get(`${row.session_id}/${row.platform}`) ?? 0) > 1) continue;
    const platform = row.platform as PlatformId;
    const connector = connectorFor(platform);
    const readLiveViewers = connector.analytics?.readLiveViewers;
    if (!readLiveViewers) continue;
    const accounts = await db
      .select({ id: socialAccounts.id })
      .from(socialAccounts)
      .where(
        and(
          eq(socialAccounts.workspaceId, row.workspace_id),
          eq(socialAccounts.platform, platform),
          eq(socialAccounts.status, 'connected'),
        ),
      );
    const readings = [];
    for (const account of accounts) {
      try {
        const reading = await withFreshCredentials(db, config, account.id, (credentials, ctx) =>
          readLiveViewers(ctx, credentials),
        );
        if (reading.live) readings.push(reading);
      } catch (error) {
        result.problems.push(`${account.id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const viewers = readings.length === 1 ? readings[0]?.viewers : undefined;
    if (!viewers) continue;
    await db
      .update(streamSessionDestinations)
      .set({
        viewersLast: viewers.value,
        viewersPeak: sql`greatest(coalesce(${streamSessionDestinations.viewersPeak}, 0), ${viewers.value})`,
        viewersMetric: viewers.platformMetric,
        viewersReadAt: now,
      })
      .where(
        and(
          eq(streamSessionDestinations.sessionId, row.session_id),
          eq(streamSessionDestinations.destinationId, row.destination_id),
        ),
      );
    result.read += 1;
  }
  if (result.problems.length > 0) {
    options.log?.warn({ problems: result.problems }, 'stream viewers: some accounts could not be read');
  }
  return result;
}
