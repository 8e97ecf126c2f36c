import { hostname } from 'node:os';
import type { AdminNode } from '@relaycast/shared/nodes';
import { NODE_LIVE_MS } from '@relaycast/shared/nodes';
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import { appVersion, newestMigrationTag } from '../../config/release';
import type { Db } from '../../db/client';
import { nodes } from '../../db/schema/index';

/**
 * The nodes of an install (docs/decisions/0103-nodes.md): every server process registers itself, says it is
 * alive every 10 seconds and removes itself when it stops. A node unseen for NODE_LIVE_MS is shown as down;
 * after a day it is forgotten.
 */
export const NODE_HEARTBEAT_MS = 10_000;
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export interface NodeIdentity {
  id: string;
  role: Config['role'];
  hostname: string;
  pid: number;
  version: string;
  mediaStore: string;
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
  };
}

export async function registerNode(db: Db, node: NodeIdentity): Promise<void> {
  await db
    .insert(nodes)
    .values(node)
    .onConflictDoUpdate({ target: nodes.id, set: { ...node, lastSeenAt: sql`now()` } });
}

/** This node is alive; back in the list if someone removed it. Also forgets nodes unseen for a day. */
export async function heartbeatNode(db: Db, node: NodeIdentity): Promise<void> {
  const seen = await db
    .update(nodes)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(nodes.id, node.id))
    .returning({ id: nodes.id });
  if (seen.length === 0) await registerNode(db, node);
  await db
    .delete(nodes)
    .where(lt(nodes.lastSeenAt, sql`now() - make_interval(secs => ${FORGET_AFTER_MS / 1000})`));
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

/**
 * Why this node must not start next to the live ones, or null: media on one machine's disk cannot be shared by
 * nodes that do not see that folder, so with more than one node every node keeps media in one store (the same
 * S3 bucket, or the same folder of one machine for processes on it).
 */
export async function mediaStoreConflict(db: Db, node: NodeIdentity): Promise<string | null> {
  const [other] = await db
    .select({ hostname: nodes.hostname, role: nodes.role, mediaStore: nodes.mediaStore })
    .from(nodes)
    .where(
      and(
        ne(nodes.id, node.id),
        ne(nodes.mediaStore, node.mediaStore),
        sql`${nodes.lastSeenAt} > now() - make_interval(secs => ${NODE_LIVE_MS / 1000})`,
      ),
    )
    .limit(1);
  if (!other) return null;
  // Said to the operator at start (English, like the configuration's other refusals).
  return (
    `Another Relaycast node (${other.role} on ${other.hostname}) runs on this database and keeps media in ` +
    `${other.mediaStore}, this one in ${node.mediaStore}. With more than one node, every node must use the same ` +
    'media store: set S3_BUCKET (and its S3_* settings) on every node.'
  );
}
