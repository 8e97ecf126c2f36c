import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NODE_LIVE_MS } from '@relaycast/shared/nodes';
import { STREAMING_MESSAGES } from '@relaycast/shared/streaming';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nodes, streamSessions } from '../../db/schema/index';
import type { StreamOwner } from './destinations.service';
import { closeStaleSessions, finishSession } from './stream-sessions.service';

/**
 * Where live streams run when an install has several nodes (docs/decisions/0113-streaming-nodes.md): a stream is
 * placed on a live streaming node (fewest streams first) and recorded there with a lease its node's heartbeat
 * renews (nodes.service.ts); a request about it on another node is forwarded there (stream-forward.ts); a
 * stream whose lease lapsed lost its node and is failed by the lapse sweep (streaming.jobs.ts).
 */

export interface StreamingNode {
  id: string;
  /** Null for this node before it listens (tests that only inject). */
  internalUrl: string | null;
  rtmpPort: number | null;
}

/** The rows of a raw statement (both drivers answer `{ rows }`). */
async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

const nodeIsLive = sql`n.last_seen_at > now() - make_interval(secs => ${NODE_LIVE_MS / 1000})`;

/**
 * The live streaming node a new stream goes to: the one carrying the fewest streams, this node first on a tie
 * (a one-process install always keeps its streams), then the oldest. Null when no streaming node is alive.
 */
export async function pickStreamingNode(db: Db, selfId: string): Promise<StreamingNode | null> {
  const rows = await rowsOf<{ id: string; internal_url: string | null; rtmp_port: number | null }>(
    db.execute(sql`
    select n.id, n.internal_url, n.rtmp_port
    from nodes n
    left join ${streamSessions} s on s.node_id = n.id and s.status in ('starting', 'live')
    where n.streaming and ${nodeIsLive} and (n.id = ${selfId} or n.internal_url is not null)
    group by n.id
    order by count(s.id), (n.id = ${selfId}) desc, min(n.started_at), n.id
    limit 1`),
  );
  const row = rows[0];
  return row ? { id: row.id, internalUrl: row.internal_url, rtmpPort: row.rtmp_port } : null;
}

/** A running stream another node carries, and whether that node can still be reached. */
export interface StreamElsewhere {
  sessionId: string;
  node: StreamingNode;
  /** Its lease lapsed or its node is not seen any more: the node died (the sweep fails it soon). */
  lost: boolean;
}

async function findElsewhere(db: Db, selfId: string, which: ReturnType<typeof sql>) {
  const rows = await rowsOf<{
    id: string;
    node_id: string;
    internal_url: string | null;
    rtmp_port: number | null;
    lost: boolean;
  }>(
    db.execute(sql`
    select s.id, s.node_id, n.internal_url, n.rtmp_port,
      (s.lease_expires_at is null or s.lease_expires_at <= now() or n.id is null or not (${nodeIsLive})
        or n.internal_url is null) as lost
    from ${streamSessions} s
    left join nodes n on n.id = s.node_id
    where s.status in ('starting', 'live') and s.node_id is not null and s.node_id <> ${selfId} and ${which}
    order by s.started_at desc
    limit 1`),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    sessionId: row.id,
    node: { id: row.node_id, internalUrl: row.internal_url, rtmpPort: row.rtmp_port },
    lost: Boolean(row.lost),
  } satisfies StreamElsewhere;
}

/** The caller's running stream when another node carries it (one stream per user). */
export function streamOfOwnerElsewhere(db: Db, selfId: string, owner: StreamOwner) {
  return findElsewhere(
    db,
    selfId,
    sql`s.workspace_id = ${owner.workspaceId} and s.user_id = ${owner.userId}`,
  );
}

/** The caller's stream `sessionId` when another node carries it. */
export function streamElsewhere(db: Db, selfId: string, owner: StreamOwner, sessionId: string) {
  return findElsewhere(
    db,
    selfId,
    sql`s.id = ${sessionId} and s.workspace_id = ${owner.workspaceId} and s.user_id = ${owner.userId}`,
  );
}

/** Whether the user has a stream running on another node that is still alive (one stream per user). */
export async function userLiveElsewhere(db: Db, selfId: string, userId: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db.execute(sql`
    select s.id from ${streamSessions} s
    where s.user_id = ${userId} and s.status in ('starting', 'live') and s.node_id is not null
      and s.node_id <> ${selfId} and s.lease_expires_at > now()
    limit 1`),
  );
  return rows.length > 0;
}

/**
 * The lapse sweep: streams whose node stopped renewing their lease (killed, cut off) are failed with the reason
 * the studio shows, "The server running this stream stopped…", their owner notified and `stream.ended` sent as
 * for any failed stream. A live node renews its leases every 10 s, three times within a lease.
 */
export async function failLapsedStreams(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const lapsed = await rowsOf<{ id: string }>(
      tx.execute(sql`
      select id from ${streamSessions}
      where status in ('starting', 'live') and lease_expires_at <= now()
      for update skip locked`),
    );
    const reason = STREAMING_MESSAGES.nodeStopped;
    for (const { id } of lapsed) {
      await finishSession(tx, id, { status: 'failed', reason, destinations: [] });
      await tx.execute(sql`
        update stream_session_destinations set final_state = 'failed', reason = ${reason}
        where session_id = ${id} and final_state not in ('failed', 'stopped')`);
    }
    return lapsed.length;
  });
}

/**
 * The id of this data folder's previous server run (to close the streams it left open), and this run's id kept
 * in its place: `DATA_DIR/run/node-id`, beside the registry of its ffmpeg children (decision 0058).
 */
export function swapRunNodeId(dataDir: string, nodeId: string): string | null {
  const file = path.join(dataDir, 'run', 'node-id');
  let previous: string | null = null;
  try {
    previous = readFileSync(file, 'utf8').trim() || null;
  } catch {
    previous = null;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, nodeId);
  return previous;
}

/**
 * At a streaming node's start: the streams its previous run (same data folder) left open are closed, and that
 * run's row is forgotten (killed, it would be a placement's choice until unseen for 30 s).
 */
export async function closeLeftOpen(options: {
  db: Db;
  config: { dataDir: string };
  nodeId: string;
  log: { warn: (details: object, message: string) => void };
}): Promise<void> {
  const previous = swapRunNodeId(options.config.dataDir, options.nodeId);
  if (previous) await options.db.delete(nodes).where(eq(nodes.id, previous));
  const stale = await closeStaleSessions(options.db, previous);
  if (stale > 0) options.log.warn({ count: stale }, 'closed streams left open by a previous run');
}
