import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  },
  (table) => [index('nodes_last_seen_idx').on(table.lastSeenAt)],
);
