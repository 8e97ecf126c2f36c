import { parsePlatformList } from '@relaycast/shared/analytics';
import {
  SHORT_LINK_MESSAGES,
  type ShortLink,
  type ShortLinkClickReport,
  type ShortLinkCountry,
} from '@relaycast/shared/short-links';
import { and, desc, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { posts, shortLinkClicks, shortLinks } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { type ClickRange, countriesByLink } from './short-links-figures';

/** Reads of short links for /links and /analytics (docs/short-links.md). */

/** A code's link for the redirect: where it leads and whether it is turned off. */
export interface LinkByCode {
  id: string;
  target: string;
  disabled: boolean;
}

/** The redirect's one lookup, by the code's unique index (a prepared statement). */
const linkByCodeStatement = perDatabase((db) =>
  db
    .select({ id: shortLinks.id, target: shortLinks.target, disabled: shortLinks.disabled })
    .from(shortLinks)
    .where(eq(shortLinks.code, sql.placeholder('code')))
    .limit(1)
    .prepare('relaycast_short_link_resolve'),
);

export async function findLinkByCode(db: Db, code: string): Promise<LinkByCode | null> {
  const [row] = await linkByCodeStatement(db).execute({ code });
  return row ?? null;
}

/** The most links a list answers (newest first). */
export const SHORT_LINK_LIST_LIMIT = 500;

const linkColumns = {
  id: shortLinks.id,
  code: shortLinks.code,
  target: shortLinks.target,
  postId: shortLinks.postId,
  platform: shortLinks.platform,
  disabled: shortLinks.disabled,
  createdBy: shortLinks.createdBy,
  createdAt: shortLinks.createdAt,
  updatedAt: shortLinks.updatedAt,
  clicks: sql<number>`coalesce((select sum(c.count) from short_link_clicks c
    where c.link_id = ${shortLinks.id} and c.crawler = ''), 0)::int`,
  crawlerHits: sql<number>`coalesce((select sum(c.count) from short_link_clicks c
    where c.link_id = ${shortLinks.id} and c.crawler <> ''), 0)::int`,
  visitors: sql<number>`(select count(*) from short_link_visitors v where v.link_id = ${shortLinks.id})::int`,
};

type LinkRow = {
  [K in keyof typeof linkColumns]: K extends 'createdAt' | 'updatedAt'
    ? Date
    : K extends 'clicks' | 'crawlerHits' | 'visitors'
      ? number
      : K extends 'disabled'
        ? boolean
        : K extends 'id' | 'code' | 'target'
          ? string
          : string | null;
};

function toShortLink(row: LinkRow, baseUrl: string, countries: ShortLinkCountry[]): ShortLink {
  return {
    ...row,
    countries,
    shortUrl: `${baseUrl}/${row.code}`,
    clicks: Number(row.clicks),
    crawlerHits: Number(row.crawlerHits),
    visitors: Number(row.visitors),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listShortLinks(
  db: Db,
  caller: Pick<Caller, 'workspaceId'>,
  baseUrl: string,
): Promise<ShortLink[]> {
  const rows = await db
    .select(linkColumns)
    .from(shortLinks)
    .where(eq(shortLinks.workspaceId, caller.workspaceId))
    .orderBy(desc(shortLinks.createdAt), desc(shortLinks.id))
    .limit(SHORT_LINK_LIST_LIMIT);
  const countries = await countriesByLink(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toShortLink(row as LinkRow, baseUrl, countries.get(row.id) ?? []));
}

/** One link of the caller's workspace; another workspace's answers 404 like an unknown one. */
export async function getShortLink(
  db: Db,
  caller: Pick<Caller, 'workspaceId'>,
  id: string,
  baseUrl: string,
): Promise<ShortLink> {
  const [row] = await db
    .select(linkColumns)
    .from(shortLinks)
    .where(and(eq(shortLinks.id, id), eq(shortLinks.workspaceId, caller.workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', { message: SHORT_LINK_MESSAGES.notFound });
  const countries = await countriesByLink(db, [row.id]);
  return toShortLink(row as LinkRow, baseUrl, countries.get(row.id) ?? []);
}

const EXCERPT_LENGTH = 80;

/**
 * Which links count, as /analytics' filters say: `platforms`, the links made at publish for those networks;
 * `accounts`, the links whose post went, on the link's network, to one of those accounts (a post target with
 * the post, the platform and the account). A link made by hand has neither a network nor an account: it is
 * left out as soon as either filter is set (docs/decisions/0080-short-links.md).
 */
export interface LinkScope {
  platforms: readonly string[];
  accounts: readonly string[];
}

const ALL_LINKS: LinkScope = { platforms: [], accounts: [] };

/**
 * Reads the comma-separated `platforms` and `accounts` of a query string as /analytics does (`resolveFilter`): an
 * unknown platform id is ignored, at most 500 accounts.
 */
export function linkScopeOf(query: { platforms?: string; accounts?: string }): LinkScope {
  const accounts = (query.accounts ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .slice(0, 500);
  return { platforms: parsePlatformList(query.platforms), accounts };
}

function inRangeOf(caller: Pick<Caller, 'workspaceId'>, range: ClickRange, scope: LinkScope): SQL[] {
  const parts = [
    eq(shortLinks.workspaceId, caller.workspaceId),
    gte(shortLinkClicks.hour, range.from),
    lt(shortLinkClicks.hour, range.to),
  ];
  if (scope.platforms.length > 0) parts.push(inArray(shortLinks.platform, [...scope.platforms]));
  if (scope.accounts.length > 0) {
    const accounts = sql.join(
      scope.accounts.map((id) => sql`${id}`),
      sql`, `,
    );
    parts.push(sql`exists (select 1 from post_targets pt
      where pt.post_id = ${shortLinks.postId} and pt.platform = ${shortLinks.platform}
        and pt.workspace_id = ${shortLinks.workspaceId} and pt.account_id in (${accounts}))`);
  }
  return parts;
}

/**
 * Clicks per link (with its post and platform) over [from, to), most first, in one statement: /analytics, the
 * CSV export and the report link (modules/analytics). Links without a click in the period are left out.
 */
export async function shortLinkClickRows(
  db: Db,
  caller: Pick<Caller, 'workspaceId'>,
  range: ClickRange,
  baseUrl: string,
  scope: LinkScope = ALL_LINKS,
): Promise<ShortLinkClickReport['rows']> {
  const rows = await db
    .select({
      linkId: shortLinks.id,
      code: shortLinks.code,
      target: shortLinks.target,
      postId: shortLinks.postId,
      postContent: posts.content,
      platform: shortLinks.platform,
      clicks: sql<number>`coalesce(sum(${shortLinkClicks.count}) filter (where ${shortLinkClicks.crawler} = ''), 0)::int`,
      crawlerHits: sql<number>`coalesce(sum(${shortLinkClicks.count}) filter (where ${shortLinkClicks.crawler} <> ''), 0)::int`,
      // Visitors are kept per UTC day: the days the period touches (a zone's day can straddle two).
      visitors: sql<number>`(select count(*) from short_link_visitors v where v.link_id = ${shortLinks.id}
        and v.day >= ${utcDayOf(range.from)} and v.day <= ${utcDayOf(new Date(range.to.getTime() - 1))})::int`,
    })
    .from(shortLinkClicks)
    .innerJoin(shortLinks, eq(shortLinks.id, shortLinkClicks.linkId))
    .leftJoin(posts, eq(posts.id, shortLinks.postId))
    .where(and(...inRangeOf(caller, range, scope)))
    .groupBy(shortLinks.id, posts.id)
    .orderBy(sql`3 desc`)
    .limit(SHORT_LINK_LIST_LIMIT);
  const countries = await countriesByLink(
    db,
    rows.map((row) => row.linkId),
    range,
  );
  return rows
    .map(({ postContent, ...row }) => ({
      ...row,
      shortUrl: `${baseUrl}/${row.code}`,
      postExcerpt: postContent === null ? null : excerpt(postContent),
      clicks: Number(row.clicks),
      crawlerHits: Number(row.crawlerHits),
      visitors: Number(row.visitors),
      countries: countries.get(row.linkId) ?? [],
    }))
    .sort((a, b) => b.clicks - a.clicks || b.crawlerHits - a.crawlerHits);
}

/**
 * The rows, and the clicks per referring site, device and country over [from, to), of the links in `scope`: the
 * /analytics section and the public API's `/short-links/clicks`.
 */
export async function shortLinkClickReport(
  db: Db,
  caller: Pick<Caller, 'workspaceId'>,
  range: ClickRange,
  baseUrl: string,
  scope: LinkScope = ALL_LINKS,
): Promise<ShortLinkClickReport> {
  const people = and(...inRangeOf(caller, range, scope), eq(shortLinkClicks.crawler, '')) as SQL;
  const [rows, referrers, devices, countries] = await Promise.all([
    shortLinkClickRows(db, caller, range, baseUrl, scope),
    db
      .select({ site: shortLinkClicks.referrer, clicks: sql<number>`sum(${shortLinkClicks.count})::int` })
      .from(shortLinkClicks)
      .innerJoin(shortLinks, eq(shortLinks.id, shortLinkClicks.linkId))
      .where(and(people, ne(shortLinkClicks.referrer, '')))
      .groupBy(shortLinkClicks.referrer)
      .orderBy(sql`2 desc`)
      .limit(20),
    db
      .select({ device: shortLinkClicks.device, clicks: sql<number>`sum(${shortLinkClicks.count})::int` })
      .from(shortLinkClicks)
      .innerJoin(shortLinks, eq(shortLinks.id, shortLinkClicks.linkId))
      .where(people)
      .groupBy(shortLinkClicks.device)
      .orderBy(sql`2 desc`),
    db
      .select({ country: shortLinkClicks.country, clicks: sql<number>`sum(${shortLinkClicks.count})::int` })
      .from(shortLinkClicks)
      .innerJoin(shortLinks, eq(shortLinks.id, shortLinkClicks.linkId))
      .where(and(people, ne(shortLinkClicks.country, '')))
      .groupBy(shortLinkClicks.country)
      .orderBy(sql`2 desc`, shortLinkClicks.country)
      .limit(20),
  ]);
  return {
    rows,
    referrers: referrers.map((row) => ({ site: row.site, clicks: Number(row.clicks) })),
    devices: devices.map((row) => ({ device: row.device, clicks: Number(row.clicks) })),
    countries: countries.map((row) => ({ country: row.country, clicks: Number(row.clicks) })),
  };
}

function utcDayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}
