import { supportsThreads, THREAD_MESSAGES, threadTextsFor } from '@relaycast/shared/threads';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts, postTargetParts, postTargets } from '../../db/schema/index';
import {
  PlatformError,
  type PublishedPost,
  type PublishRequest,
  type ThreadPartRef,
} from '../../platforms/types';

/**
 * A thread's parts on one target (docs/threads.md, decision 0109): part 1 is the post, each next part a reply to
 * the one before. Each part is written 'sending' before its call and 'published' with its platform id right after,
 * so a retry or a takeover resumes at the first part not published and never sends a published part again.
 * A plain post (one part) goes through unchanged, with no rows.
 */

type PartRow = typeof postTargetParts.$inferSelect;

/** Thrown before a platform call that was never made (the attempt's lease was lost): the part was certainly not sent. */
export class NotSent extends Error {}

/** The part's workspace: its target's (the row is scoped like every workspace table). */
const workspaceOf = (targetId: string) =>
  sql<string>`(select ${postTargets.workspaceId} from ${postTargets} where ${postTargets.id} = ${targetId})`;

export function partsOf(db: Db, targetId: string): Promise<PartRow[]> {
  return db
    .select()
    .from(postTargetParts)
    .where(eq(postTargetParts.targetId, targetId))
    .orderBy(asc(postTargetParts.position));
}

/**
 * The texts the target publishes in order: its own text, then the post's parts on a thread platform. `parts`: the
 * post's thread parts when the caller has them (the claim reads them), else they are read here.
 */
export async function threadTexts(
  db: Db,
  postId: string,
  platform: string,
  firstText: string,
  parts?: readonly string[],
): Promise<string[]> {
  // Only a thread platform has parts to read: the other publishes cost no query.
  if (!supportsThreads(platform)) return [firstText];
  if (parts) return threadTextsFor(platform, firstText, parts);
  const [row] = await db
    .select({ parts: posts.threadParts })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  return threadTextsFor(platform, firstText, row?.parts ?? []);
}

/** A part's idempotency key: the target's id for part 1 (as a plain post), `<id>:<n>` for the next ones. */
function keyOf(targetId: string, position: number): string {
  return position === 1 ? targetId : `${targetId}:${position}`;
}

/** Records a part as published (a takeover that found it on the platform does too). */
export async function recordPart(
  db: Db,
  target: { id: string },
  position: number,
  post: PublishedPost,
): Promise<void> {
  const values = {
    status: 'published' as const,
    platformPostId: post.platformPostId,
    platformRef: post.ref ?? null,
    url: post.url,
    publishedAt: new Date(),
  };
  await db
    .insert(postTargetParts)
    .values({ targetId: target.id, workspaceId: workspaceOf(target.id), position, ...values })
    .onConflictDoUpdate({ target: [postTargetParts.targetId, postTargetParts.position], set: values });
}

/**
 * Publishes the parts from the first one not published yet; resolves with part 1's post (the target's link).
 * `media[n - 1]` is part n's (part 1's the post's own, the next ones the parts' own: posts-thread-media.ts).
 * A failure of part n > 1 is rethrown with "Published n-1 of N parts." before the platform's reason.
 */
export async function publishParts(
  db: Db,
  target: { id: string },
  texts: readonly string[],
  media: readonly PublishRequest['media'][],
  publish: (request: PublishRequest) => Promise<PublishedPost>,
): Promise<PublishedPost> {
  const [firstText = ''] = texts;
  if (texts.length <= 1)
    return publish({ text: firstText, media: media[0] ?? [], idempotencyKey: target.id });
  const rows = new Map((await partsOf(db, target.id)).map((row) => [row.position, row]));
  let first: PublishedPost | undefined;
  let root: ThreadPartRef | undefined;
  let parent: ThreadPartRef | undefined;
  for (const [index, text] of texts.entries()) {
    const position = index + 1;
    const row = rows.get(position);
    let post: PublishedPost;
    if (row?.status === 'published' && row.platformPostId) {
      post = {
        platformPostId: row.platformPostId,
        url: row.url ?? '',
        ...(row.platformRef ? { ref: row.platformRef } : {}),
      };
    } else {
      // A part left 'sending' by an attempt of unknown outcome is never sent again blindly.
      if (row?.status === 'sending')
        throw partial(
          position,
          texts.length,
          new PlatformError('unknown', THREAD_MESSAGES.partUnknown(position)),
        );
      post = await publishPart(
        db,
        target,
        position,
        texts.length,
        {
          text,
          media: media[index] ?? [],
          idempotencyKey: keyOf(target.id, position),
          ...(root && parent ? { replyTo: { root, parent } } : {}),
        },
        publish,
      );
    }
    const ref = { platformPostId: post.platformPostId, ...(post.ref ? { ref: post.ref } : {}) };
    if (position === 1) {
      first = post;
      root = ref;
    }
    parent = ref;
  }
  return first as PublishedPost;
}

async function publishPart(
  db: Db,
  target: { id: string },
  position: number,
  total: number,
  request: PublishRequest,
  publish: (request: PublishRequest) => Promise<PublishedPost>,
): Promise<PublishedPost> {
  await db
    .insert(postTargetParts)
    .values({ targetId: target.id, workspaceId: workspaceOf(target.id), position, status: 'sending' })
    .onConflictDoNothing();
  let post: PublishedPost;
  try {
    post = await publish(request);
  } catch (error) {
    // Certainly not received (refused, rate limited, reconnect): the part may go again on the next attempt.
    if (error instanceof PlatformError && error.kind !== 'unknown')
      await forgetSending(db, target.id, position);
    throw partial(position, total, error);
  }
  await recordPart(db, target, position, post);
  return post;
}

/** A part the platform certainly did not receive: no longer 'sending', so the next attempt sends it. */
export async function forgetSending(db: Db, targetId: string, position: number): Promise<void> {
  await db
    .delete(postTargetParts)
    .where(
      and(
        eq(postTargetParts.targetId, targetId),
        eq(postTargetParts.position, position),
        eq(postTargetParts.status, 'sending'),
      ),
    );
}

/** Part n > 1 failed: the target's error says how far the thread got, then the platform's reason. */
function partial(position: number, total: number, error: unknown): unknown {
  if (position === 1 || !(error instanceof PlatformError)) return error;
  const message = `${THREAD_MESSAGES.partial(position - 1, total)} ${error.message}`;
  return new PlatformError(error.kind, message, error.details);
}

/**
 * What a takeover or an unknown outcome finds of a thread: `none` (a plain post, or part 1 still to settle as a
 * plain post is), `continue` (the published parts are recorded and the next was never sent: resume), `done`
 * (every part recorded), or `unknown` (part n > 1 was being sent: left for the user, never sent twice).
 */
export async function threadProgress(
  db: Db,
  targetId: string,
  total: number,
): Promise<
  | { state: 'none' }
  | { state: 'continue' | 'done'; first: PartRow }
  | { state: 'unknown'; position: number; published: number; first: PartRow }
> {
  if (total <= 1) return { state: 'none' };
  const rows = await partsOf(db, targetId);
  const sending = rows.find((row) => row.status === 'sending');
  const first = rows.find((row) => row.position === 1 && row.status === 'published');
  if (!first) return { state: 'none' };
  const published = rows.filter((row) => row.status === 'published').length;
  if (sending) return { state: 'unknown', position: sending.position, published, first };
  return { state: published >= total ? 'done' : 'continue', first };
}
