import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { posts } from './posts';
import { workspaces } from './workspaces';

/**
 * A short link (docs/short-links.md): `code` is looked up by the redirect through its unique index. A link made
 * at publish time belongs to one platform's copy of one post and one address of its text
 * (`source_url`): the unique index over the three makes a retried publish reuse it.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    target: text('target').notNull(),
    postId: text('post_id').references(() => posts.id, { onDelete: 'set null' }),
    platform: text('platform'),
    /** The address as written in the post (before UTM parameters); null for a link made by hand. */
    sourceUrl: text('source_url'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('short_links_code_idx').on(table.code),
    index('short_links_workspace_idx').on(table.workspaceId, table.createdAt),
    uniqueIndex('short_links_post_link_idx')
      .on(table.postId, table.platform, table.sourceUrl)
      .where(sql`${table.postId} is not null`),
  ],
);

/**
 * Every code ever given out, random or custom (docs/decisions/0080-short-links.md, "Custom codes"): no foreign
 * key, so a code outlives its link and its workspace and is never drawn or chosen again. A link's code is
 * written here before the link itself; the primary key decides who gets a code.
 */
export const shortLinkCodes = pgTable('short_link_codes', {
  code: text('code').primaryKey(),
  reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Clicks, aggregated per link per hour (as Kutt does): no row per click, no IP address. `crawler` is the
 * link-preview crawler's name ('' for a visitor); `referrer` the visitor's site; `device` desktop, mobile,
 * tablet or unknown.
 */
export const shortLinkClicks = pgTable(
  'short_link_clicks',
  {
    linkId: text('link_id')
      .notNull()
      .references(() => shortLinks.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    referrer: text('referrer').notNull().default(''),
    device: text('device').notNull().default('unknown'),
    crawler: text('crawler').notNull().default(''),
    /** ISO 3166 alpha-2 from the bundled DB-IP database ('' when unknown): never the address itself. */
    country: text('country').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (table) => [
    primaryKey({
      columns: [table.linkId, table.hour, table.referrer, table.device, table.crawler, table.country],
    }),
    index('short_link_clicks_hour_idx').on(table.hour),
  ],
);

/**
 * The click journal's segments already counted (modules/short-links/short-links-journal.ts): written in the
 * same transaction as their counts, so a segment replayed after a crash is never counted twice.
 */
export const shortLinkClickBatches = pgTable('short_link_click_batches', {
  id: text('id').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Unique visitors (docs/short-links.md, "Privacy"): one row per link, UTC day and visitor, where the visitor is a
 * hash of that day's random salt, the link, the IP address and the User-Agent. The salt is deleted once its
 * day is over, after which nobody can tell whose a hash was, nor link two days' visitors.
 */
export const shortLinkVisitors = pgTable(
  'short_link_visitors',
  {
    linkId: text('link_id')
      .notNull()
      .references(() => shortLinks.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    visitor: text('visitor').notNull(),
  },
  (table) => [primaryKey({ columns: [table.linkId, table.day, table.visitor] })],
);

/** Each UTC day's random salt for the visitor hashes; deleted when the day is over. */
export const shortLinkSalts = pgTable('short_link_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

/** A workspace's shortening at publish (always, ask, never) and its default utm_campaign. */
export const shortLinkSettings = pgTable('short_link_settings', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: ['always', 'ask', 'never'] })
    .notNull()
    .default('ask'),
  campaign: text('campaign').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A post's own switch (null: the workspace's mode) and campaign name. */
export const shortLinkPostOptions = pgTable('short_link_post_options', {
  postId: text('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  shorten: boolean('shorten'),
  campaign: text('campaign').notNull().default(''),
});
