import { randomInt, randomUUID } from 'node:crypto';
import type { PlatformId } from '@relaycast/shared/platforms';
import {
  campaignValue,
  isShortLinkCode,
  linksToShorten,
  replaceLinks,
  SHORT_LINK_ALPHABET,
  SHORT_LINK_CODE_LENGTH,
  SHORT_LINK_MESSAGES,
  type ShortLink,
  type ShortLinkInput,
  type ShortLinkPostOptions,
  type ShortLinkSettings,
  type ShortLinkUpdate,
  shouldShorten,
  withUtm,
} from '@relaycast/shared/short-links';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import {
  posts,
  shortLinkCodes,
  shortLinkPostOptions,
  shortLinkSettings,
  shortLinks,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { findLinkByCode, getShortLink } from './short-links.queries';
import { shortLinkCacheOf } from './short-links-cache';
import { storePostOptions } from './short-links-posts';

/** Writes of short links (docs/short-links.md): made by hand, edited, turned off, and made at publish time. */

/** Tries before giving up on a free code: with 2.4e12 codes, a second try is already a one-in-a-million event. */
const CODE_TRIES = 5;

/** 7 random base62 characters (crypto.randomInt: no modulo bias) with a digit and a capital (isShortLinkCode). */
export function newCode(): string {
  for (;;) {
    let code = '';
    for (let i = 0; i < SHORT_LINK_CODE_LENGTH; i += 1) code += SHORT_LINK_ALPHABET[randomInt(62)];
    if (isShortLinkCode(code)) return code;
  }
}

interface NewLink {
  workspaceId: string;
  target: string;
  createdBy: string | null;
  /** A custom code chosen by the user (checked by customShortLinkCodeSchema); unset, a random one. */
  code?: string;
  post?: { postId: string; platform: PlatformId; sourceUrl: string };
}

/**
 * Takes a code for good: true when nobody ever had it. The row stays when its link or workspace is deleted, so
 * no code, random or custom, is ever handed out twice.
 */
async function reserveCode(db: Db, code: string): Promise<boolean> {
  const [row] = await db
    .insert(shortLinkCodes)
    .values({ code })
    .onConflictDoNothing()
    .returning({ code: shortLinkCodes.code });
  return row !== undefined;
}

/**
 * Inserts a link under a fresh code. A link for one address of one platform's copy of a post that already
 * exists (a retried publish) is answered as it is: the same target always gets the same code there.
 */
async function insertLink(db: Db, link: NewLink): Promise<{ id: string; code: string }> {
  for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
    const code = link.code ?? newCode();
    if (!(await reserveCode(db, code))) {
      if (link.code !== undefined) throw new AppError('CONFLICT', { message: SHORT_LINK_MESSAGES.codeTaken });
      continue;
    }
    // A code reserved for a link that then loses the race of a retried publish stays unused: harmless.
    const [row] = await db
      .insert(shortLinks)
      .values({
        id: randomUUID(),
        workspaceId: link.workspaceId,
        code,
        target: link.target,
        createdBy: link.createdBy,
        postId: link.post?.postId ?? null,
        platform: link.post?.platform ?? null,
        sourceUrl: link.post?.sourceUrl ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: shortLinks.id, code: shortLinks.code });
    if (row) return row;
    if (link.post) {
      const existing = await postLinkOf(db, link.post);
      if (existing) return existing;
    }
  }
  throw new Error('no free short-link code after several tries');
}

async function postLinkOf(db: Db, post: NonNullable<NewLink['post']>) {
  const [row] = await db
    .select({ id: shortLinks.id, code: shortLinks.code })
    .from(shortLinks)
    .where(
      and(
        eq(shortLinks.postId, post.postId),
        eq(shortLinks.platform, post.platform),
        eq(shortLinks.sourceUrl, post.sourceUrl),
      ),
    )
    .limit(1);
  return row;
}

export async function createShortLink(
  db: Db,
  caller: Pick<Caller, 'workspaceId' | 'userId'>,
  input: ShortLinkInput,
  baseUrl: string,
): Promise<ShortLink> {
  const { id } = await insertLink(db, {
    workspaceId: caller.workspaceId,
    target: input.target,
    createdBy: caller.userId,
    ...(input.code ? { code: input.code } : {}),
  });
  return getShortLink(db, caller, id, baseUrl);
}

export async function updateShortLink(
  db: Db,
  caller: Pick<Caller, 'workspaceId'>,
  id: string,
  input: ShortLinkUpdate,
  baseUrl: string,
): Promise<ShortLink> {
  const [row] = await db
    .update(shortLinks)
    .set({
      ...(input.target !== undefined ? { target: input.target } : {}),
      ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(shortLinks.id, id), eq(shortLinks.workspaceId, caller.workspaceId)))
    .returning({ id: shortLinks.id, code: shortLinks.code });
  if (!row) throw new AppError('NOT_FOUND', { message: SHORT_LINK_MESSAGES.notFound });
  // The redirect's fast path reads the new target or state at its next request (short-links-cache.ts).
  shortLinkCacheOf(db).forget(row.code);
  return getShortLink(db, caller, id, baseUrl);
}

/** Where a code leads, or null when it is unknown or turned off (the Fastify route's lookup, uncached). */
export async function resolveShortLink(db: Db, code: string): Promise<{ id: string; target: string } | null> {
  const row = await findLinkByCode(db, code);
  return row && !row.disabled ? { id: row.id, target: row.target } : null;
}

export async function readShortLinkSettings(
  db: Db,
  caller: Pick<Caller, 'workspaceId'>,
): Promise<ShortLinkSettings> {
  const [row] = await db
    .select({ mode: shortLinkSettings.mode, campaign: shortLinkSettings.campaign })
    .from(shortLinkSettings)
    .where(eq(shortLinkSettings.workspaceId, caller.workspaceId));
  return row ?? { mode: 'ask', campaign: '' };
}

export async function saveShortLinkSettings(
  db: Db,
  caller: Pick<Caller, 'workspaceId'>,
  input: ShortLinkSettings,
): Promise<ShortLinkSettings> {
  await db
    .insert(shortLinkSettings)
    .values({ workspaceId: caller.workspaceId, ...input })
    .onConflictDoUpdate({
      target: shortLinkSettings.workspaceId,
      set: { mode: input.mode, campaign: input.campaign, updatedAt: new Date() },
    });
  return readShortLinkSettings(db, caller);
}

/** A post of the caller's workspace, or 404 (another workspace's post is not there). */
async function assertOwnPost(db: Db, caller: Pick<Caller, 'workspaceId'>, postId: string) {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.workspaceId, caller.workspaceId), isNull(posts.deletedAt)));
  if (!post) throw new AppError('NOT_FOUND', { message: SHORT_LINK_MESSAGES.postNotFound });
}

export async function readPostOptions(
  db: Db,
  caller: Pick<Caller, 'workspaceId'>,
  postId: string,
): Promise<ShortLinkPostOptions> {
  await assertOwnPost(db, caller, postId);
  const [row] = await db
    .select({ shorten: shortLinkPostOptions.shorten, campaign: shortLinkPostOptions.campaign })
    .from(shortLinkPostOptions)
    .where(eq(shortLinkPostOptions.postId, postId));
  return row ?? { shorten: null, campaign: '' };
}

export async function savePostOptions(
  db: Db,
  caller: Pick<Caller, 'workspaceId'>,
  postId: string,
  input: ShortLinkPostOptions,
): Promise<ShortLinkPostOptions> {
  await assertOwnPost(db, caller, postId);
  await storePostOptions(db, postId, input);
  return readPostOptions(db, caller, postId);
}

/** Where links made without a request (at publish) are served: SHORT_LINK_BASE_URL, else PUBLIC_URL. */
export function configuredShortLinkBase(config: Pick<Config, 'shortLinkBaseUrl' | 'publicUrl'>): string {
  return config.shortLinkBaseUrl ?? config.publicUrl;
}

export interface PublishText {
  workspaceId: string;
  postId: string;
  authorId: string | null;
  platform: PlatformId;
  text: string;
}

/**
 * The text a platform receives (docs/short-links.md, "At publish"): when the workspace's mode and the post's
 * switch say so, each web address becomes a short link of its own for this platform, whose target carries
 * utm_source=<platform>, utm_medium=social, utm_campaign and utm_content=<post id>. The same post, platform
 * and address always give the same link, so a retried or reconciled attempt sends (and looks for) the same text.
 */
export async function shortenForPublish(db: Db, input: PublishText, baseUrl: string): Promise<string> {
  const links = linksToShorten(input.text, baseUrl);
  if (links.length === 0) return input.text;
  const settings = await readShortLinkSettings(db, { workspaceId: input.workspaceId });
  const [options] = await db
    .select({ shorten: shortLinkPostOptions.shorten, campaign: shortLinkPostOptions.campaign })
    .from(shortLinkPostOptions)
    .where(eq(shortLinkPostOptions.postId, input.postId));
  if (!shouldShorten(settings.mode, options?.shorten ?? null)) return input.text;
  const campaign = campaignValue(options?.campaign || settings.campaign);
  const codes = new Map<string, string>();
  for (const link of links) {
    const { code } = await insertLink(db, {
      workspaceId: input.workspaceId,
      target: withUtm(link, { platform: input.platform, campaign, postId: input.postId }),
      createdBy: input.authorId,
      post: { postId: input.postId, platform: input.platform, sourceUrl: link },
    });
    codes.set(link, code);
  }
  // The same replacement the composer previews and counts (withShortLinkPlaceholders), with the real codes.
  return replaceLinks(input.text, links, (link) => `${baseUrl}/${codes.get(link)}`);
}
