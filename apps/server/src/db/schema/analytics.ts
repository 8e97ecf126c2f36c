import type { MetricSources } from '@relaycast/shared/analytics';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { socialAccounts } from './accounts';
import { postTargets } from './publishing';
import { workspaces } from './workspaces';

/**
 * Analytics (docs/analytics.md). Figures are stored in wide rows (one column per normalized metric) rather than one row
 * per metric: a 90-day read over 500 accounts is then 45,000 rows, not 360,000. A null column is a figure the
 * platform does not give ("not available"), never 0. `sources` names each figure's metric as the platform calls
 * it and whether it counts people (unique) or events (total).
 */

const metricColumns = {
  views: bigint('views', { mode: 'number' }),
  reach: bigint('reach', { mode: 'number' }),
  likes: bigint('likes', { mode: 'number' }),
  comments: bigint('comments', { mode: 'number' }),
  shares: bigint('shares', { mode: 'number' }),
  saves: bigint('saves', { mode: 'number' }),
  clicks: bigint('clicks', { mode: 'number' }),
};

/**
 * One row per account and day (in UTC): the follower count at the day's last pull (cumulative) and the day's
 * deltas of the post counters summed over the account's posts, plus posts published that day. Re-pulling a day
 * replaces its row. /analytics reads only this table and `post_metrics`.
 */
export const accountMetricDays = pgTable(
  'account_metric_days',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    followers: bigint('followers', { mode: 'number' }),
    ...metricColumns,
    postsPublished: integer('posts_published').notNull().default(0),
    sources: jsonb('sources').$type<MetricSources<string>>().notNull().default({}),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.day] }),
    index('account_metric_days_workspace_day_idx').on(table.workspaceId, table.day),
  ],
);

/**
 * The latest cumulative figures of one published post (one row per post target), and when to pull it next
 * (hourly for 48 h, daily to 30 days, then weekly: POST_FOLLOW_UP). `engagements48h` freezes the interactions
 * counted by the first pull after 48 h: the best-time model's input.
 */
export const postMetrics = pgTable(
  'post_metrics',
  {
    targetId: text('target_id')
      .primaryKey()
      .references(() => postTargets.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    platformPostId: text('platform_post_id').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    ...metricColumns,
    engagements48h: bigint('engagements_48h', { mode: 'number' }),
    sources: jsonb('sources').$type<MetricSources<string>>().notNull().default({}),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    nextFetchAt: timestamp('next_fetch_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    index('post_metrics_workspace_published_idx').on(table.workspaceId, table.publishedAt),
    index('post_metrics_account_published_idx').on(table.accountId, table.publishedAt),
    index('post_metrics_due_idx').on(table.nextFetchAt),
  ],
);

/** The cumulative counters of a post at the end of each day it was pulled: per-day deltas are derived from these. */
export const postMetricDays = pgTable(
  'post_metric_days',
  {
    targetId: text('target_id')
      .notNull()
      .references(() => postTargets.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    ...metricColumns,
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.targetId, table.day] })],
);

/**
 * Where each account's collection stands: when the account-level pull is due next (the platform's rate-limit
 * reset after a 429), a claim so that several processes never pull one account at once, and the last error.
 */
export const analyticsCollectState = pgTable(
  'analytics_collect_state',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    nextCollectAt: timestamp('next_collect_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    lastCollectedAt: timestamp('last_collected_at', { withTimezone: true }),
  },
  (table) => [index('analytics_collect_state_due_idx').on(table.nextCollectAt)],
);

/**
 * Metered reads per workspace, platform and month (X bills every read): `limit` is the owner's monthly budget
 * (null = no reads until the owner sets one), `used` what the collectors spent this month.
 */
export const analyticsReadBudgets = pgTable(
  'analytics_read_budgets',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** 'YYYY-MM' in UTC. */
    month: text('month').notNull(),
    monthlyLimit: integer('monthly_limit'),
    used: integer('used').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.platform, table.month] })],
);

/** Metrics a platform refused for a media type (Meta error #100): dropped from later requests, the rest kept. */
export const refusedMetrics = pgTable(
  'refused_metrics',
  {
    platform: text('platform').notNull(),
    mediaType: text('media_type').notNull(),
    metric: text('metric').notNull(),
    refusedAt: timestamp('refused_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason'),
  },
  (table) => [primaryKey({ columns: [table.platform, table.mediaType, table.metric] })],
);

/** Read-only report links that expire (a token's SHA-256, never the token). */
export const analyticsReportLinks = pgTable(
  'analytics_report_links',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The filters the link shows (the /analytics query string). */
    query: text('query').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when an owner or admin revokes the link: the row stays so the page can say "revoked". */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** `share`: made by a person, listed and revocable; `print`: a minute-long link the PDF renderer opens. */
    purpose: text('purpose', { enum: ['share', 'print'] })
      .notNull()
      .default('share'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('analytics_report_links_workspace_idx').on(table.workspaceId)],
);

/** E-mailed weekly or monthly reports: who gets them and when the next one is due. */
export const analyticsReportSchedules = pgTable(
  'analytics_report_schedules',
  {
    workspaceId: text('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: ['weekly', 'monthly'] }).notNull(),
    recipients: text('recipients').array().notNull(),
    nextSendAt: timestamp('next_send_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Who set the schedule: the e-mails follow their time zone (UTC once they are gone). */
    createdBy: text('created_by'),
  },
  (table) => [index('analytics_report_schedules_due_idx').on(table.nextSendAt)],
);
