import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The rate limits' fixed windows, shared by every process on the database (docs/decisions/0102-shared-rate-limits.md):
 * one row per limited thing (an IP on sign-in, an e-mail address, an API key's owner, a public review link), its
 * hits in the window and when the window ends (milliseconds since the epoch, from the process's clock). Created
 * UNLOGGED on PostgreSQL (the migration says so): a crash of the database forgets the windows, which only gives
 * every client a fresh window. Not workspace-scoped: its keys are not a workspace's data, and the hourly sweep
 * deletes ended windows.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAtMs: bigint('resets_at_ms', { mode: 'number' }).notNull(),
});
