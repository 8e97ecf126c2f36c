import type { ShortLinkMode, ShortLinkPostOptions } from '@relaycast/shared/short-links';
import { linksToShorten, shouldShorten } from '@relaycast/shared/short-links';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shortLinkPostOptions, shortLinkSettings } from '../../db/schema/index';

/**
 * A post's short-link choice as the posts service reads and writes it, inside the post's own transaction
 * (docs/decisions/0080-short-links.md, "2026-11-26: the composer"): the composer sends the switch and the
 * campaign with the post, so a post published at once is shortened as chosen, and its text is counted with the
 * short links that will replace its addresses.
 */
type Executor = Pick<Db, 'select' | 'insert' | 'execute'>;

/** Stores a post's choice (the same row `PUT /api/short-links/posts/:id` writes). */
export async function storePostOptions(tx: Executor, postId: string, options: ShortLinkPostOptions) {
  await tx
    .insert(shortLinkPostOptions)
    .values({ postId, ...options })
    .onConflictDoUpdate({
      target: shortLinkPostOptions.postId,
      set: { shorten: options.shorten, campaign: options.campaign },
    });
}

/**
 * Whether any text in `value` (a post's fields, however nested: its text, overrides, thread parts, first comment)
 * has an address that would be shortened. Other strings (ids, zones, instants) hold none, and one that looked
 * like an address would only cost the read below.
 */
export function hasLinksToShorten(value: unknown, baseUrl: string): boolean {
  if (typeof value === 'string') return linksToShorten(value, baseUrl).length > 0;
  if (Array.isArray(value)) return value.some((item) => hasLinksToShorten(item, baseUrl));
  if (value !== null && typeof value === 'object') {
    return Object.values(value).some((item) => hasLinksToShorten(item, baseUrl));
  }
  return false;
}

/**
 * The base a post's text is counted with (`checkPost`'s `shortLinkBase`): `baseUrl` when its links will be
 * shortened at publish (the workspace's mode and the post's choice: the one sent, else the one stored), else null
 * (and null without a base: a caller that counts the text as typed). Given the post's `texts`, a post without an
 * address to shorten gets null without a read: its text counts the same either way.
 */
export async function shortLinkBaseForPost(
  tx: Executor,
  workspaceId: string,
  post: { id?: string; choice?: ShortLinkPostOptions; texts?: unknown },
  baseUrl: string | undefined,
): Promise<string | null> {
  if (!baseUrl) return null;
  if (post.texts !== undefined && !hasLinksToShorten(post.texts, baseUrl)) return null;
  const sent = post.choice?.shorten;
  const storedFor = sent === undefined ? post.id : undefined;
  // One round trip for both: the workspace's mode and, when the caller sent no choice, the one stored.
  const result = await tx.execute(sql`
    select (select s.mode from ${shortLinkSettings} s where s.workspace_id = ${workspaceId}) as mode,
      ${storedFor ? sql`(select o.shorten from ${shortLinkPostOptions} o where o.post_id = ${storedFor})` : sql`null::boolean`} as shorten`);
  const row = (result as unknown as { rows: { mode: ShortLinkMode | null; shorten: boolean | null }[] })
    .rows[0];
  const mode = row?.mode ?? 'ask';
  if (mode === 'never') return null;
  const choice = sent ?? row?.shorten ?? null;
  return shouldShorten(mode, choice) ? baseUrl : null;
}
