import type { ShortLinkPostOptions } from '@relaycast/shared/short-links';
import { shouldShorten } from '@relaycast/shared/short-links';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shortLinkPostOptions, shortLinkSettings } from '../../db/schema/index';

/**
 * A post's short-link choice as the posts service reads and writes it, inside the post's own transaction
 * (docs/decisions/0080-short-links.md, "2026-11-26: the composer"): the composer sends the switch and the
 * campaign with the post, so a post published at once is shortened as chosen, and its text is counted with the
 * short links that will replace its addresses.
 */
type Executor = Pick<Db, 'select' | 'insert'>;

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
 * The base a post's text is counted with (`checkPost`'s `shortLinkBase`): `baseUrl` when its links will be
 * shortened at publish (the workspace's mode and the post's choice: the one sent, else the one stored), else null
 * (and null without a base: a caller that counts the text as typed).
 */
export async function shortLinkBaseForPost(
  tx: Executor,
  workspaceId: string,
  post: { id?: string; choice?: ShortLinkPostOptions },
  baseUrl: string | undefined,
): Promise<string | null> {
  if (!baseUrl) return null;
  const [settings] = await tx
    .select({ mode: shortLinkSettings.mode })
    .from(shortLinkSettings)
    .where(eq(shortLinkSettings.workspaceId, workspaceId));
  const mode = settings?.mode ?? 'ask';
  if (mode === 'never') return null;
  let choice = post.choice?.shorten;
  if (choice === undefined && post.id) {
    const [stored] = await tx
      .select({ shorten: shortLinkPostOptions.shorten })
      .from(shortLinkPostOptions)
      .where(eq(shortLinkPostOptions.postId, post.id));
    choice = stored?.shorten;
  }
  return shouldShorten(mode, choice ?? null) ? baseUrl : null;
}
