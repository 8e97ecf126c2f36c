/**
 * The writes of the posts module. Every one is scoped to the caller's workspace and runs in a transaction.
 * Over 300 lines on purpose: every write shares the same row lock, locked statuses and body writer, and keeping
 * them side by side shows the rules a post's life follows (the queue's slot picking is in posts-schedule.ts).
 */

import { randomUUID } from 'node:crypto';
import type { MediaFacts, PlatformId } from '@relaycast/shared/platforms';
import {
  checkPost,
  type ParsedPostInput,
  type Post,
  type PostStatus,
  type RescheduleInput,
} from '@relaycast/shared/posts';
import { permissionToRemove, ROLE_MESSAGES } from '@relaycast/shared/roles';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertRows, updateById } from '../../db/prepared';
import { posts, postTargets } from '../../db/schema/index';
import { ValidationError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { assertRoleCan } from '../../lib/role-check';
import { decideWrite, type GateDecision, recordWrite } from '../approvals/approvals-gate';
import { insertPostLabels, labelIdsOfPost, replacePostLabels } from '../labels/labels.service';
import { loadAttachedMedia, loadAttachedMediaWithAltTexts } from '../media/attached-media';
import { syncPostTargets } from '../publishing/publishing-targets';
import { readReelCover, storeReelCover } from '../reel-covers/reel-covers.service';
import { shortLinkBaseForPost, storePostOptions } from '../short-links/short-links-posts';
import { readPostWatermark, storePostWatermark } from '../watermarks/watermarks.service';
import {
  getPost,
  hasLiveTargets,
  loadMediaFacts,
  lockEditablePost,
  lockPost,
  notEditable,
  postNotFound,
} from './posts.queries';
import { type PostBody, postTexts } from './posts-body';
import { createPostsInTransaction } from './posts-create';
import { replaceMedia, storedAltTexts } from './posts-media';
import { resolveSchedule } from './posts-schedule';
import { copyThreadMedia, threadMediaFromInput, writeThreadMedia } from './posts-thread-media';

/** How long a deleted post can be brought back (docs/decisions/0004-posts-api.md). */
export const RESTORE_WINDOW_MS = 24 * 60 * 60 * 1000;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function assertValid(
  input: Parameters<typeof checkPost>[0],
  media: readonly MediaFacts[],
  now: Date,
  shortLinkBase: string | null = null,
): void {
  const problems = checkPost(input, media, now, { shortLinkBase });
  if (problems.length > 0) throw new ValidationError(problems);
}

/** A post's body written once for create, update and duplicate: its row, its media in order and its targets. */
async function writePost(
  tx: Tx,
  workspaceId: string,
  post: { id: string; authorId?: string; updatedBy: string },
  body: PostBody,
  now: Date,
): Promise<void> {
  const {
    media,
    accountIds,
    shortLinks,
    watermark,
    altTexts,
    mediaAltTexts,
    reelCover,
    threadMedia,
    labelIds,
    ...row
  } = body;
  const updatedBy = post.updatedBy;
  if (post.authorId) {
    const created = { id: post.id, workspaceId, authorId: post.authorId, createdAt: now, updatedAt: now };
    await insertRows(tx, posts, [{ ...row, ...created, updatedBy }]);
  } else {
    await updateById(tx, posts, post.id, { ...row, updatedBy, updatedAt: now });
  }
  await replaceMedia(tx, post.id, media, mediaAltTexts ?? altTexts);
  await writeThreadMedia(tx, post.id, threadMedia, altTexts, row.threadParts);
  if (labelIds !== undefined) {
    if (post.authorId) await insertPostLabels(tx, workspaceId, [{ postId: post.id, labelIds }]);
    else await replacePostLabels(tx, workspaceId, post.id, labelIds);
  }
  if (shortLinks) await storePostOptions(tx, post.id, shortLinks);
  if (watermark) await storePostWatermark(tx, workspaceId, post.id, watermark);
  if (reelCover !== undefined) await storeReelCover(tx, workspaceId, post.id, reelCover);
  await syncPostTargets(
    tx,
    workspaceId,
    post.id,
    { platforms: body.platforms, accountIds, status: body.status, scheduledAt: body.scheduledAt },
    now,
  );
}

/** The body of a post written from the composer's input, after the same checks the composer runs. */
async function bodyFromInput(
  tx: Tx,
  workspaceId: string,
  input: ParsedPostInput,
  now: Date,
  excludePostId?: string,
  shortLinkBase?: string,
): Promise<PostBody> {
  const media = await loadMediaFacts(tx, workspaceId, input.mediaIds);
  const post = { id: excludePostId, choice: input.shortLinks, texts: postTexts(input) };
  const base = await shortLinkBaseForPost(tx, workspaceId, post, shortLinkBase);
  // The alt texts the files carry, by media id: the input's, or those stored (read once: the write reuses them).
  const mediaAltTexts =
    input.altTexts ?? (excludePostId ? await storedAltTexts(tx, excludePostId) : undefined);
  const alts = media.map((item) => mediaAltTexts?.[item.id] ?? '');
  const thread = await threadMediaFromInput(tx, workspaceId, input, excludePostId);
  assertValid({ ...input, altTextsInOrder: alts, threadMedia: thread.check }, media, now, base);
  const schedule = await resolveSchedule(tx, workspaceId, input, now, excludePostId);
  return {
    content: input.content,
    platforms: input.platforms,
    overrides: input.overrides,
    timezone: input.timezone,
    ...schedule,
    media,
    accountIds: input.accountIds,
    shortLinks: input.shortLinks,
    ...(input.watermark ? { watermark: input.watermark } : {}),
    ...(input.altTexts ? { altTexts: input.altTexts } : {}),
    ...(mediaAltTexts ? { mediaAltTexts } : {}),
    ...(input.firstComment !== undefined ? { firstComment: input.firstComment } : {}),
    ...(input.reelCover !== undefined ? { reelCover: input.reelCover } : {}),
    ...(input.threadParts !== undefined ? { threadParts: input.threadParts } : {}),
    ...(thread.media ? { threadMedia: thread.media } : {}),
    ...(input.labelIds !== undefined ? { labelIds: input.labelIds } : {}),
  };
}

/** The body as the approval gate lets it be stored: scheduled, or awaiting approval (approvals-gate.ts). */
async function gated(
  tx: Tx,
  caller: Caller,
  previous: PostStatus | null,
  body: PostBody,
  action: ParsedPostInput['action'],
): Promise<{ body: PostBody; decision: GateDecision }> {
  const decision = await decideWrite(tx, caller, previous, {
    status: body.status,
    scheduledAt: body.scheduledAt,
    action,
  });
  return { body: { ...body, status: decision.status, scheduledAt: decision.scheduledAt }, decision };
}

/**
 * Writes a new post in the caller's transaction and returns its id: the composer's create. A bulk import writes
 * its rows with the same function for many (posts-create.ts), so both run the same checks, gate and targets.
 */
export async function createPostInTransaction(
  tx: Tx,
  caller: Caller,
  input: ParsedPostInput,
  now: Date,
  shortLinkBase?: string,
): Promise<string> {
  const [id] = await createPostsInTransaction(tx, caller, [input], now, { shortLinkBase });
  if (!id) throw new Error('createPostsInTransaction wrote nothing');
  return id;
}

/** Creates a draft, a scheduled post or a queued one, after the same checks the composer runs. */
export async function createPost(
  db: Db,
  caller: Caller,
  input: ParsedPostInput,
  now = new Date(),
  shortLinkBase?: string,
): Promise<Post> {
  const id = await db.transaction((tx) => createPostInTransaction(tx, caller, input, now, shortLinkBase));
  return getPost(db, caller.workspaceId, id);
}

/** Replaces a post's content, platforms, overrides and media, and applies the action. */
export async function updatePost(
  db: Db,
  caller: Caller,
  postId: string,
  input: ParsedPostInput,
  now = new Date(),
  shortLinkBase?: string,
): Promise<Post> {
  await db.transaction(async (tx) => {
    const current = await lockEditablePost(tx, caller.workspaceId, postId);
    const written = await bodyFromInput(tx, caller.workspaceId, input, now, postId, shortLinkBase);
    const { body, decision } = await gated(tx, caller, current.status, written, input.action);
    await writePost(tx, caller.workspaceId, { id: postId, updatedBy: caller.userId }, body, now);
    await recordWrite(tx, caller, { id: postId, ...body }, decision, now);
  });
  return getPost(db, caller.workspaceId, postId);
}

/**
 * Moves a post to another instant (drag and drop in the calendar). The post is checked as if scheduled
 * anew, so a draft moved here is scheduled only when it meets every platform's rules.
 */
export async function reschedulePost(
  db: Db,
  caller: Caller,
  postId: string,
  input: RescheduleInput,
  now = new Date(),
  shortLinkBase?: string,
): Promise<Post> {
  await db.transaction(async (tx) => {
    const current = await lockEditablePost(tx, caller.workspaceId, postId);
    const { media, altTexts } = await loadAttachedMediaWithAltTexts(tx, caller.workspaceId, postId);
    const base = await shortLinkBaseForPost(
      tx,
      caller.workspaceId,
      { id: postId, texts: postTexts(current) },
      shortLinkBase,
    );
    assertValid(
      {
        content: current.content,
        platforms: current.platforms as PlatformId[],
        overrides: current.overrides,
        action: 'schedule',
        scheduledAt: input.scheduledAt,
        altTextsInOrder: altTexts,
      },
      media,
      now,
      base,
    );
    const decision = await decideWrite(tx, caller, current.status, {
      status: 'scheduled',
      scheduledAt: new Date(input.scheduledAt),
      action: 'schedule',
    });
    await updateById(tx, posts, postId, {
      status: decision.status,
      scheduledAt: decision.scheduledAt,
      timezone: input.timezone ?? current.timezone,
      updatedBy: caller.userId,
      updatedAt: now,
    });
    await syncPostTargets(
      tx,
      caller.workspaceId,
      postId,
      {
        platforms: current.platforms as PlatformId[],
        accountIds: null,
        status: decision.status,
        scheduledAt: decision.scheduledAt,
      },
      now,
    );
    await recordWrite(tx, caller, current, decision, now);
  });
  return getPost(db, caller.workspaceId, postId);
}

/** Copies a post (content, platforms, overrides, media, accounts, watermark, Reel cover, labels) as a new draft of the caller. */
export async function duplicatePost(db: Db, caller: Caller, postId: string, now = new Date()): Promise<Post> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const source = await lockPost(tx, caller.workspaceId, postId);
    const media = await loadAttachedMedia(tx, caller.workspaceId, postId);
    const copy = {
      content: source.content,
      platforms: source.platforms as PlatformId[],
      overrides: source.overrides,
      action: 'draft' as const,
    };
    assertValid(copy, media, now);
    const sourceAccounts = await tx
      .select({ accountId: postTargets.accountId })
      .from(postTargets)
      .where(eq(postTargets.postId, postId));
    await writePost(
      tx,
      caller.workspaceId,
      { id, authorId: caller.userId, updatedBy: caller.userId },
      {
        content: copy.content,
        platforms: copy.platforms,
        overrides: copy.overrides,
        timezone: source.timezone,
        status: 'draft',
        scheduledAt: null,
        media,
        accountIds: sourceAccounts.flatMap((row) => (row.accountId ? [row.accountId] : [])),
        watermark: await readPostWatermark(tx, postId),
        altTexts: await storedAltTexts(tx, postId),
        firstComment: source.firstComment,
        reelCover: await readReelCover(tx, postId),
        threadParts: source.threadParts,
        labelIds: await labelIdsOfPost(tx, postId),
      },
      now,
    );
    await copyThreadMedia(tx, postId, id);
  });
  return getPost(db, caller.workspaceId, id);
}

/**
 * Deleting or restoring another member's post, or one waiting for approval, scheduled or published, needs
 * `publish`; the caller's own draft needs `write` (permissionToRemove, docs/decisions/0059).
 */
function assertMayRemove(caller: Caller, post: { authorId: string | null; status: PostStatus }): void {
  const rule = { kind: 'post' as const, isOwn: post.authorId === caller.userId, status: post.status };
  assertRoleCan(caller.role, permissionToRemove(rule), ROLE_MESSAGES.onlyOwnDrafts);
}

/**
 * Soft-deletes a post (it can be restored for RESTORE_WINDOW_MS) and returns it as it was. A post being
 * published cannot be deleted: the publisher holds it.
 */
export async function deletePost(db: Db, caller: Caller, postId: string, now = new Date()): Promise<Post> {
  return db.transaction(async (tx) => {
    const current = await lockPost(tx, caller.workspaceId, postId);
    assertMayRemove(caller, current);
    if (current.status === 'publishing') throw notEditable();
    const post = await getPost(tx, caller.workspaceId, postId);
    await tx.update(posts).set({ deletedAt: now }).where(eq(posts.id, postId));
    return post;
  });
}

/**
 * Undoes a delete made less than RESTORE_WINDOW_MS ago (a post that is not deleted is returned as is). A
 * scheduled post whose time went by while it was deleted comes back as a draft, never published late.
 */
export async function restorePost(db: Db, caller: Caller, postId: string, now = new Date()): Promise<Post> {
  await db.transaction(async (tx) => {
    const current = await lockPost(tx, caller.workspaceId, postId, { deleted: true });
    if (!current.deletedAt) return;
    if (now.getTime() - current.deletedAt.getTime() > RESTORE_WINDOW_MS) throw postNotFound();
    assertMayRemove(caller, current);
    const isOverdue =
      current.status === 'scheduled' &&
      current.scheduledAt !== null &&
      current.scheduledAt.getTime() <= now.getTime();
    await tx
      .update(posts)
      .set(
        isOverdue
          ? { deletedAt: null, status: 'draft', scheduledAt: null, updatedAt: now }
          : { deletedAt: null },
      )
      .where(eq(posts.id, postId));
    if (isOverdue || (current.status === 'draft' && (await hasLiveTargets(tx, postId)))) {
      await syncPostTargets(
        tx,
        caller.workspaceId,
        postId,
        {
          platforms: current.platforms as PlatformId[],
          accountIds: null,
          status: 'draft',
          scheduledAt: null,
        },
        now,
      );
    }
  });
  return getPost(db, caller.workspaceId, postId);
}
