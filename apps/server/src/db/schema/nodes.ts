import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The server processes of an install (docs/decisions/0103-nodes.md): each registers itself at start, says it is
 * alive every 10 seconds and removes itself when it stops. /admin lists them; a node that stopped saying so is
 * shown as not seen since then, and forgotten after a day. Not workspace-scoped.
 */
export const nodes = pgTable(
  'nodes',
  {
    id: text('id').primaryKey(),
    role: text('role').notNull(),
    hostname: text('hostname').notNull(),
    pid: integer('pid').notNull(),
    version: text('version').notNull(),
    /** Where the node keeps media: `s3:<bucket>` or `local:<host>:<folder>` (two nodes must share one). */
    mediaStore: text('media_store').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Whether the node runs the RTMP relay and so may carry live streams (decision 0113). */
    streaming: boolean('streaming').notNull().default(false),
    /** Where other nodes reach its HTTP and WebSocket routes (NODE_INTERNAL_URL), once it listens. */
    internalUrl: text('internal_url'),
    /** The port its RTMP relay listens on (OBS's push), when it streams. */
    rtmpPort: integer('rtmp_port'),
  },
  (table) => [index('nodes_last_seen_idx').on(table.lastSeenAt)],
);
