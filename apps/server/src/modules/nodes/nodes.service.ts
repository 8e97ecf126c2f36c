import { hostname } from 'node:os';
import type { AdminNode, AdminQueue } from '@relaycast/shared/nodes';
import { NODE_LIVE_MS } from '@relaycast/shared/nodes';
import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import { appVersion, newestMigrationTag } from '../../config/release';
import type { Db } from '../../db/client';
import { nodes, streamSessions } from '../../db/schema/index';
import { readQueuedJobs } from '../metrics/metrics.service';

/**
 * The nodes of an install (docs/decisions/0103-nodes.md): every server process registers itself, says it is
 * alive every 10 seconds and removes itself when it stops. A node unseen for NODE_LIVE_MS is shown as down;
 * after a day the hourly `nodes sweep` (nodes.jobs.ts) forgets it.
 */
export const NODE_HEARTBEAT_MS = 10_000;
/**
 * How long a live stream's lease lasts from its node's last heartbeat (decision 0113): three heartbeats, as a node
 * is shown down after NODE_LIVE_MS. A stream whose lease lapsed is failed by the streams' lapse sweep.
 */
export const STREAM_LEASE_MS = 30_000;
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export interface NodeIdentity {
  id: string;
  role: Config['role'];
  hostname: string;
  pid: number;
  version: string;
  mediaStore: string;
  /** Whether it runs the RTMP relay and so may carry live streams (set by the live engine before onReady). */
  streaming: boolean;
  /** Where the other nodes reach its HTTP routes (NODE_INTERNAL_URL, or derived once it listens). */
  internalUrl: string | null;
  /** Its RTMP relay's port, when it streams. */
  rtmpPort: number | null;
}

/** Where this node keeps media: the S3 bucket, or this machine's folder. */
export function mediaStoreOf(config: Pick<Config, 's3' | 'mediaDir'>, host: string = hostname()): string {
  return config.s3 ? `s3:${config.s3.bucket}` : `local:${host}:${config.mediaDir}`;
}

export function nodeIdentity(id: string, config: Pick<Config, 'role' | 's3' | 'mediaDir'>): NodeIdentity {
  const migration = newestMigrationTag();
  return {
    id,
    role: config.role,
    hostname: hostname(),
    pid: process.pid,
    version: migration ? `${appVersion()} (${migration})` : appVersion(),
    mediaStore: mediaStoreOf(config),
    streaming: false,
    internalUrl: null,
    rtmpPort: null,
  };
}

/**
 * Where the other nodes reach this one: NODE_INTERNAL_URL, else `http://<HOST>:<port>` when HOST names one
 * address, else this machine's name (what containers on one network and machines on a LAN resolve).
 */
export function internalUrlOf(config: Pick<Config, 'nodeInternalUrl' | 'host'>, port: number): string {
  if (config.nodeInternalUrl) return config.nodeInternalUrl;
  const wildcard = config.host === '0.0.0.0' || config.host === '::' || config.host === '';
  const host = wildcard ? hostname() : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export async function registerNode(db: Db, node: NodeIdentity): Promise<void> {
  await db
    .insert(nodes)
    .values(node)
    .onConflictDoUpdate({ target: nodes.id, set: { ...node, lastSeenAt: sql`now()` } });
}

/**
 * This node is alive; back in the list if someone removed it. A streaming node renews the leases of the streams
 * it carries in the same beat (decision 0113).
 */
export async function heartbeatNode(db: Db, node: NodeIdentity): Promise<void> {
  const seen = await db
    .update(nodes)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(nodes.id, node.id))
    .returning({ id: nodes.id });
  if (seen.length === 0) await registerNode(db, node);
  if (node.streaming) await renewStreamLeases(db, node.id);
}

/** The leases of the streams this node carries last STREAM_LEASE_MS more. */
export async function renewStreamLeases(db: Db, nodeId: string): Promise<number> {
  const renewed = await db
    .update(streamSessions)
    .set({ leaseExpiresAt: sql`now() + make_interval(secs => ${STREAM_LEASE_MS / 1000})` })
    .where(and(eq(streamSessions.nodeId, nodeId), inArray(streamSessions.status, ['starting', 'live'])))
    .returning({ id: streamSessions.id });
  return renewed.length;
}

/** Forgets the nodes unseen for a day (a machine that went away without stopping its server): the sweep. */
export async function forgetGoneNodes(db: Db): Promise<number> {
  const gone = await db
    .delete(nodes)
    .where(lt(nodes.lastSeenAt, sql`now() - make_interval(secs => ${FORGET_AFTER_MS / 1000})`))
    .returning({ id: nodes.id });
  return gone.length;
}

export async function forgetNode(db: Db, id: string): Promise<void> {
  await db.delete(nodes).where(eq(nodes.id, id));
}

/** The nodes, oldest first, each with whether it was seen within NODE_LIVE_MS. */
export async function listNodes(db: Db, selfId?: string): Promise<AdminNode[]> {
  const rows = await db
    .select({
      id: nodes.id,
      role: nodes.role,
      hostname: nodes.hostname,
      pid: nodes.pid,
      version: nodes.version,
      mediaStore: nodes.mediaStore,
      startedAt: nodes.startedAt,
      lastSeenAt: nodes.lastSeenAt,
      live: sql<boolean>`${nodes.lastSeenAt} > now() - make_interval(secs => ${NODE_LIVE_MS / 1000})`,
      streaming: nodes.streaming,
      streams: sql<number>`(select count(*) from ${streamSessions} s
        where s.node_id = "nodes"."id" and s.status in ('starting', 'live'))`.mapWith(Number),
    })
    .from(nodes)
    .orderBy(asc(nodes.startedAt), asc(nodes.id));
  return rows.map((row) => ({
    ...row,
    role: row.role as AdminNode['role'],
    startedAt: row.startedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    self: row.id === selfId,
  }));
}

/** The job queues by name: jobs waiting (created or to retry) and running, as /admin shows them. */
export function queuesOf(jobs: { queue: string; state: string; count: number }[]): AdminQueue[] {
  const queues = new Map<string, AdminQueue>();
  for (const { queue, state, count } of jobs) {
    const entry = queues.get(queue) ?? { queue, waiting: 0, running: 0 };
    if (state === 'active') entry.running += count;
    else entry.waiting += count;
    queues.set(queue, entry);
  }
  return [...queues.values()].sort((a, b) => a.queue.localeCompare(b.queue));
}

/** What /admin's Nodes section shows: the nodes and the install's job queues. */
export async function readNodesPage(
  db: Db,
  selfId: string,
): Promise<{ nodes: AdminNode[]; queues: AdminQueue[] }> {
  const [list, jobs] = await Promise.all([listNodes(db, selfId), readQueuedJobs(db)]);
  return { nodes: list, queues: queuesOf(jobs) };
}

/**
 * Whether this node's media store disagrees with a live node's: media on one machine's disk cannot be read by a
 * node on another machine, so with nodes on more than one machine every node keeps media in one S3 bucket, and a
 * node that does not is refused at start (`refuse`). Processes on one machine with different folders are only
 * warned about (`warn`): they may share a mounted folder, and the tests run several on one machine.
 */
export async function mediaStoreConflict(
  db: Db,
  node: NodeIdentity,
): Promise<{ level: 'refuse' | 'warn'; message: string } | null> {
  const others = await db
    .select({ hostname: nodes.hostname, role: nodes.role, mediaStore: nodes.mediaStore })
    .from(nodes)
    .where(
      and(
        ne(nodes.id, node.id),
        ne(nodes.mediaStore, node.mediaStore),
        sql`${nodes.lastSeenAt} > now() - make_interval(secs => ${NODE_LIVE_MS / 1000})`,
      ),
    )
    .limit(20);
  const other = others.find((row) => row.hostname !== node.hostname) ?? others[0];
  if (!other) return null;
  // Said to the operator at start (English, like the configuration's other refusals).
  const message =
    `Another Relaycast node (${other.role} on ${other.hostname}) runs on this database and keeps media in ` +
    `${other.mediaStore}, this one in ${node.mediaStore}. With more than one node, every node must use the same ` +
    'media store: set S3_BUCKET (and its S3_* settings) on every node.';
  return { level: other.hostname !== node.hostname ? 'refuse' : 'warn', message };
}
