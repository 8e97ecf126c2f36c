import type { ShortLinkCountry } from '@relaycast/shared/short-links';
import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shortLinkClicks } from '../../db/schema/index';

/**
 * Short links' figures beside the lists (docs/short-links.md): the countries of each link's clicks, and the
 * workspace's total of clicks for the report e-mails. One statement each, whatever the number of links.
 */

export type ClickRange = { from: Date; to: Date };

/**
 * People's clicks per link and country (most first), over [from, to) or to date: one statement for a list of
 * links. Clicks of an unknown country ('': a private address, or before the database was read) are left out.
 */
export async function countriesByLink(
  db: Db,
  linkIds: string[],
  range?: ClickRange,
): Promise<Map<string, ShortLinkCountry[]>> {
  const byLink = new Map<string, ShortLinkCountry[]>();
  if (linkIds.length === 0) return byLink;
  const rows = await db
    .select({
      linkId: shortLinkClicks.linkId,
      country: shortLinkClicks.country,
      clicks: sql<number>`sum(${shortLinkClicks.count})::int`,
    })
    .from(shortLinkClicks)
    .where(
      and(
        inArray(shortLinkClicks.linkId, linkIds),
        eq(shortLinkClicks.crawler, ''),
        ne(shortLinkClicks.country, ''),
        ...(range ? [gte(shortLinkClicks.hour, range.from), lt(shortLinkClicks.hour, range.to)] : []),
      ),
    )
    .groupBy(shortLinkClicks.linkId, shortLinkClicks.country)
    .orderBy(sql`3 desc`, shortLinkClicks.country);
  for (const row of rows) {
    const list = byLink.get(row.linkId) ?? [];
    list.push({ country: row.country, clicks: Number(row.clicks) });
    byLink.set(row.linkId, list);
  }
  return byLink;
}

/**
 * People's clicks on the workspace's short links over [from, to) and over the period before (the report e-mails'
 * "Link clicks" line); null when the workspace has no short link at all, so the line is left out.
 */
export async function shortLinkClickTotals(
  db: Db,
  workspaceId: string,
  current: ClickRange,
  previous: ClickRange,
): Promise<{ current: number; previous: number } | null> {
  const within = (range: ClickRange) =>
    sql`coalesce(sum(c.count) filter (where c.hour >= ${range.from.toISOString()}::timestamptz
      and c.hour < ${range.to.toISOString()}::timestamptz), 0)::int`;
  const result = (await db.execute(sql`
    select (select count(*) from short_links where workspace_id = ${workspaceId})::int as links,
      ${within(current)} as in_period, ${within(previous)} as before_period
    from short_link_clicks c join short_links sl on sl.id = c.link_id
    where sl.workspace_id = ${workspaceId} and c.crawler = ''
      and c.hour >= ${previous.from.toISOString()}::timestamptz
      and c.hour < ${current.to.toISOString()}::timestamptz`)) as unknown as {
    rows: { links: number; in_period: number; before_period: number }[];
  };
  const row = result.rows[0];
  if (!row || Number(row.links) === 0) return null;
  return { current: Number(row.in_period), previous: Number(row.before_period) };
}
