import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  APPROVAL_MESSAGES,
  approvalStateOf,
  type CreateReviewLinkInput,
  REVIEW_LINK_DEFAULT_DAYS,
  REVIEW_WEEK_MAX_AHEAD_DAYS,
} from '@relaycast/shared/approvals';
import { and, asc, desc, eq, gt, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts, reviewLinks, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { decide } from './approvals.service';
import { queueNotifications, recordEvent } from './approvals-events';

/**
 * Client review links: `/review/<id>.<expiry>.<signature>`, the signature an HMAC of id and expiry with a key
 * derived from the server secret, the token stored as its SHA-256 (revocable). A client without an account
 * sees the post (or the week's posts) read-only and may approve or comment, typing their name.
 */

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function signingKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update('relaycast:review-link:v1').digest();
}

function signatureOf(appSecret: string, id: string, exp: number): string {
  // 192 bits of the HMAC: as unguessable as needed, and a short link.
  return createHmac('sha256', signingKey(appSecret))
    .update(`${id}.${exp}`)
    .digest()
    .subarray(0, 24)
    .toString('base64url');
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function notFound(): AppError {
  return new AppError('REVIEW_LINK_NOT_FOUND');
}

function gone(message: string): AppError {
  return new AppError('REVIEW_LINK_EXPIRED', { message });
}

export interface CreatedReviewLink {
  id: string;
  token: string;
  url: string;
  expiresAt: string;
}

/** Creates a link for one post of the workspace or for the week from `weekStart` (approvers only: the routes declare `publish`). */
export async function createReviewLink(
  db: Db,
  appSecret: string,
  linkBase: string,
  caller: Pick<Caller, 'userId' | 'workspaceId'>,
  input: CreateReviewLinkInput,
  now = new Date(),
): Promise<CreatedReviewLink> {
  if (input.postId) {
    const [post] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(eq(posts.id, input.postId), eq(posts.workspaceId, caller.workspaceId), isNull(posts.deletedAt)),
      );
    if (!post) throw new AppError('NOT_FOUND', { message: APPROVAL_MESSAGES.postNotFound });
  }
  // Short enough that the whole token stays a single path segment under Fastify's 100-character limit.
  const id = randomBytes(12).toString('base64url');
  const weekStart = input.weekStart ? new Date(input.weekStart) : null;
  if (weekStart && weekStart.getTime() > now.getTime() + REVIEW_WEEK_MAX_AHEAD_DAYS * DAY_MS) {
    throw new AppError('VALIDATION_ERROR', { message: APPROVAL_MESSAGES.weekTooFar });
  }
  const days = input.days ?? REVIEW_LINK_DEFAULT_DAYS;
  // A week's link lasts until that week has ended, when that is later than the usual days.
  const until = Math.max(now.getTime() + days * DAY_MS, weekStart ? weekStart.getTime() + WEEK_MS : 0);
  const exp = Math.floor(until / 1000);
  const token = `${id}.${exp}.${signatureOf(appSecret, id, exp)}`;
  await db.insert(reviewLinks).values({
    id,
    workspaceId: caller.workspaceId,
    createdBy: caller.userId,
    tokenHash: hashToken(token),
    postId: input.postId ?? null,
    weekStart,
    expiresAt: new Date(exp * 1000),
    createdAt: now,
  });
  return { id, token, url: `${linkBase}/review/${token}`, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The workspace's links still open, newest first (approvers only, as above; at most 100). */
export async function listActiveReviewLinks(db: Db, caller: Pick<Caller, 'workspaceId'>, now = new Date()) {
  const rows = await db
    .select({
      id: reviewLinks.id,
      postId: reviewLinks.postId,
      postExcerpt: sql<
        string | null
      >`(select left(p.content, 80) from ${posts} p where p.id = ${reviewLinks.postId})`,
      weekStart: reviewLinks.weekStart,
      expiresAt: reviewLinks.expiresAt,
      createdAt: reviewLinks.createdAt,
      createdByName: sql<
        string | null
      >`(select u.name from ${users} u where u.id = ${reviewLinks.createdBy})`,
    })
    .from(reviewLinks)
    .where(
      and(
        eq(reviewLinks.workspaceId, caller.workspaceId),
        isNull(reviewLinks.revokedAt),
        gt(reviewLinks.expiresAt, now),
      ),
    )
    .orderBy(desc(reviewLinks.createdAt))
    .limit(100);
  return {
    links: rows.map((row) => ({
      ...row,
      weekStart: row.weekStart?.toISOString() ?? null,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** Revokes a link of the workspace at once. */
export async function revokeReviewLink(
  db: Db,
  caller: Pick<Caller, 'workspaceId'>,
  id: string,
  now = new Date(),
) {
  const revoked = await db
    .update(reviewLinks)
    .set({ revokedAt: now })
    .where(and(eq(reviewLinks.id, id), eq(reviewLinks.workspaceId, caller.workspaceId)))
    .returning({ id: reviewLinks.id });
  if (revoked.length === 0) throw notFound();
}

/**
 * The link a token names, when it is genuine (404 otherwise: malformed, signature wrong, unknown), not expired
 * and not revoked (410). The signature is checked before the database is asked.
 */
export async function resolveReviewLink(db: Db, appSecret: string, token: string, now = new Date()) {
  const parts = token.split('.');
  if (parts.length !== 3) throw notFound();
  const [id, expText, sig] = parts as [string, string, string];
  const exp = Number(expText);
  if (!/^\d{1,12}$/.test(expText) || !Number.isSafeInteger(exp)) throw notFound();
  const expected = Buffer.from(signatureOf(appSecret, id, exp));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFound();
  if (exp * 1000 <= now.getTime()) throw gone(APPROVAL_MESSAGES.linkExpired);
  const [link] = await db
    .select()
    .from(reviewLinks)
    .where(and(eq(reviewLinks.id, id), eq(reviewLinks.tokenHash, hashToken(token))));
  if (!link) throw notFound();
  if (link.revokedAt) throw gone(APPROVAL_MESSAGES.linkRevoked);
  return link;
}

export type ReviewLink = Awaited<ReturnType<typeof resolveReviewLink>>;

/** The link's posts: its one post, or the week's posts that are not drafts. */
export async function postsOf(db: Db, link: ReviewLink) {
  const scope = link.postId
    ? eq(posts.id, link.postId)
    : and(
        gte(posts.scheduledAt, link.weekStart ?? new Date(0)),
        lt(posts.scheduledAt, new Date((link.weekStart ?? new Date(0)).getTime() + WEEK_MS)),
        ne(posts.status, 'draft'),
      );
  return db
    .select({
      id: posts.id,
      content: posts.content,
      platforms: posts.platforms,
      status: posts.status,
      scheduledAt: posts.scheduledAt,
      timezone: posts.timezone,
      authorId: posts.authorId,
    })
    .from(posts)
    .where(and(eq(posts.workspaceId, link.workspaceId), isNull(posts.deletedAt), scope))
    .orderBy(asc(posts.scheduledAt))
    .limit(200);
}

/** A client's approval or comment on one of the link's posts (404 for a post outside the link). */
export async function actOnReview(
  db: Db,
  appSecret: string,
  token: string,
  postId: string,
  action: 'approve' | 'comment',
  input: { reviewerName: string; comment: string },
  now = new Date(),
): Promise<void> {
  const link = await resolveReviewLink(db, appSecret, token, now);
  const post = (await postsOf(db, link)).find((row) => row.id === postId);
  if (!post) throw new AppError('NOT_FOUND', { message: APPROVAL_MESSAGES.linkPostOutside });
  const decider = { actorId: null, reviewerName: input.reviewerName, displayName: input.reviewerName };
  if (action === 'approve') {
    await decide(db, link.workspaceId, postId, 'approve', input.comment, decider, now);
    return;
  }
  if (input.comment.trim() === '') {
    throw new AppError('VALIDATION_ERROR', { message: APPROVAL_MESSAGES.commentRequired });
  }
  await db.transaction(async (tx) => {
    await recordEvent(
      tx,
      {
        workspaceId: link.workspaceId,
        postId,
        actorId: null,
        reviewerName: input.reviewerName,
        action: 'comment',
        fromState: approvalStateOf(post.status),
        toState: approvalStateOf(post.status),
        comment: input.comment,
        text: null,
      },
      now,
    );
    const tell = [post.authorId, link.createdBy].filter((id): id is string => Boolean(id));
    await queueNotifications(
      tx,
      [...new Set(tell)].map((userId) => ({
        userId,
        workspaceId: link.workspaceId,
        kind: 'approval_decided' as const,
        title: APPROVAL_MESSAGES.clientCommentTitle(input.reviewerName),
        body: input.comment,
        link: `/approvals?post=${encodeURIComponent(postId)}`,
      })),
    );
  });
}
