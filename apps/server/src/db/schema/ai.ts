import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

/**
 * Every request the AI assistant sent to a provider: the workspace's history and its usage count (the hourly
 * limit counts these rows). A row is written before the provider is called, so parallel requests cannot slip
 * past the limit, and completed afterwards.
 */
export const aiGenerations = pgTable(
  'ai_generations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** generate, transform, hashtags or ideas. */
    kind: text('kind', { enum: ['generate', 'transform', 'hashtags', 'ideas', 'image'] }).notNull(),
    prompt: text('prompt').notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    /** running, done, failed or stopped. */
    status: text('status', { enum: ['running', 'done', 'failed', 'stopped'] })
      .notNull()
      .default('running'),
    /** The variants (generate) or the text, hashtags or ideas (the others). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ai_generations_workspace_created_idx').on(table.workspaceId, table.createdAt)],
);

/** A workspace's own AI provider; a null field falls back to the server's configuration. */
export const workspaceAiSettings = pgTable('workspace_ai_settings', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['openai', 'anthropic', 'openai-compatible'] }),
  baseUrl: text('base_url'),
  model: text('model'),
  /** AES-256-GCM under a key derived from APP_SECRET (lib/secrets.ts). */
  apiKeyEncrypted: text('api_key_encrypted'),
  apiKeyLastFour: text('api_key_last_four'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
