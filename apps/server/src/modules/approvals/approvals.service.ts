import {
  APPROVAL_MESSAGES,
  type ApprovalEvent,
  type ApprovalQueueItem,
  type ApprovalState,
  approvalStateOf,
  transition,
} from '@relaycast/shared/approvals';
import type { PlatformId } from '@relaycast/shared/platforms';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { approvalEvents, posts, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { syncPostTargets } from '../publishing/publishing-targets';
import { queueNotifications, recordEvent, submitterOf } from './approvals-events';
import { assertPublishable, snapshotText } from './approvals-text';

/** The approvers' side: the queue, decisions (approve, request changes, reject), a post's history, the setting. */

export type Decision = 'approve' | 'request_changes' | 'reject';

const DECIDED: readonly ApprovalState[] = ['approved', 'changes_requested', 'rejected', 'expired'];

function conflict(message: string): AppError {
  return new AppError('APPROVAL_CONFLICT', { message });
}

/**
 * An approval needs a second person (docs/decisions/0059): neither the post's author nor the member who submitted
 * the waiting version approves it. Sending one's own post back or rejecting it stays allowed: it withdraws it.
 */
async function assertSecondPerson(
  tx: Db,
  workspaceId: string,
  post: { id: string; authorId: string | null },
  approverId: string,
): Promise<void> {
  const isOwn = post.authorId === approverId || (await submitterOf(tx, workspaceId, post.id)) === approverId;
  if (isOwn) throw new AppError('APPROVAL_SELF');
}

/** Who decides: a member (actorId) or a client through a review link (reviewerName). */
export interface Decider {
  actorId: string | null;
  reviewerName: string | null;
  /** Shown to the author in the notification. */
  displayName: string;
}

/** An approver's edit of the text, approved with it (approve only; ignored otherwise). */
export interface ApproverEdit {
  content?: string;
  /**
   * Where links made at publish are served (`configuredShortLinkBase`): the edited text's addresses count as
   * the short links that will replace them when the post's links are shortened (docs/decisions/0080-short-links.md).
   */
  shortLinkBase?: string;
}

/**
 * Moves a post awaiting approval to approved (scheduled with the approved text), changes requested or
 * rejected. The row is locked and the update is conditional on the state read, so of two approvers deciding
 * at once one succeeds and the other gets a 409 saying someone else just decided. Returns the author to notify.
 */
export async function decide(
  db: Db,
  workspaceId: string,
  postId: string,
  decision: Decision,
  comment: string,
  decider: Decider,
  now = new Date(),
  edit: ApproverEdit = {},
): Promise<void> {
  const editedContent = edit.content;
  if (decision !== 'approve' && comment.trim() === '') {
    throw new AppError('VALIDATION_ERROR', { message: APPROVAL_MESSAGES.commentRequired });
  }
  await db.transaction(async (tx) => {
    const [post] = await tx
      .select({
        id: posts.id,
        status: posts.status,
        content: posts.content,
        overrides: posts.overrides,
        platforms: posts.platforms,
        scheduledAt: posts.scheduledAt,
        authorId: posts.authorId,
      })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId), isNull(posts.deletedAt)))
      .for('update')
      .limit(1);
    if (!post) throw new AppError('NOT_FOUND', { message: APPROVAL_MESSAGES.postNotFound });
    if (decision === 'approve' && decider.actorId) {
      await assertSecondPerson(tx, workspaceId, post, decider.actorId);
    }
    const from = approvalStateOf(post.status);
    const result = transition(from, decision);
    if (!result.ok) {
      throw conflict(DECIDED.includes(from) ? APPROVAL_MESSAGES.alreadyDecided : result.message);
    }
    if (decision === 'approve' && post.scheduledAt && post.scheduledAt.getTime() <= now.getTime()) {
      throw conflict(APPROVAL_MESSAGES.expiredBeforeApproval);
    }
    const status = result.to === 'approved' ? 'scheduled' : result.to;
    // Approved without a time ("publish now" waiting for approval): it goes out at once.
    const scheduledAt = decision === 'approve' ? (post.scheduledAt ?? now) : post.scheduledAt;
    const content = decision === 'approve' && editedContent !== undefined ? editedContent : post.content;
    if (content !== post.content) {
      await assertPublishable(tx, workspaceId, { ...post, content }, edit.shortLinkBase);
    }
    const updated = await tx
      .update(posts)
      .set({
        status,
        scheduledAt,
        updatedAt: now,
        ...(content === post.content ? {} : { content, updatedBy: decider.actorId }),
      })
      .where(and(eq(posts.id, postId), eq(posts.status, post.status)))
      .returning({ id: posts.id });
    if (updated.length === 0) throw conflict(APPROVAL_MESSAGES.alreadyDecided);
    await syncPostTargets(
      tx,
      workspaceId,
      postId,
      { platforms: post.platforms as PlatformId[], accountIds: null, status, scheduledAt },
      now,
    );
    await recordEvent(
      tx,
      {
        workspaceId,
        postId,
        actorId: decider.actorId,
        reviewerName: decider.reviewerName,
        action: decision,
        fromState: from,
        toState: result.to,
        comment,
        text: decision === 'approve' ? snapshotText(content, post.overrides) : null,
      },
      now,
    );
    if (post.authorId && post.authorId !== decider.actorId) {
      await queueNotifications(tx, [
        {
          userId: post.authorId,
          workspaceId,
          kind: 'approval_decided',
          title: APPROVAL_MESSAGES.decidedTitle(decision),
          body: APPROVAL_MESSAGES.decidedBody(decider.displayName, comment),
          link: `/approvals?post=${encodeURIComponent(postId)}`,
        },
      ]);
    }
  });
}

/** The member's name, for the notification a decision sends. */
export async function memberName(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

/** A decision by a member: an approver (the decision routes declare `publish`). */
export async function decideAsMember(
  db: Db,
  caller: Pick<Caller, 'userId' | 'workspaceId'>,
  postId: string,
  decision: Decision,
  comment: string,
  now = new Date(),
  edit: ApproverEdit = {},
): Promise<void> {
  const displayName = await memberName(db, caller.userId);
  const decider = { actorId: caller.userId, reviewerName: null, displayName };
  await decide(db, caller.workspaceId, postId, decision, comment, decider, now, edit);
}

/** The posts awaiting approval, the soonest due first, with what changed since the last approval. */
export async function listQueue(
  db: Db,
  caller: Pick<Caller, 'userId' | 'workspaceId'>,
): Promise<ApprovalQueueItem[]> {
  const { workspaceId } = caller;
  const rows = await db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      content: posts.content,
      platforms: posts.platforms,
      status: posts.status,
      scheduledAt: posts.scheduledAt,
      authorName: users.name,
    })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(
      and(eq(posts.workspaceId, workspaceId), eq(posts.status, 'awaiting_approval'), isNull(posts.deletedAt)),
    )
    .orderBy(asc(posts.scheduledAt), asc(posts.createdAt))
    .limit(200);
  if (rows.length === 0) return [];
  const submissions = await db
    .select({
      postId: approvalEvents.postId,
      at: approvalEvents.createdAt,
      diff: approvalEvents.diff,
      actorId: approvalEvents.actorId,
    })
    .from(approvalEvents)
    .where(
      and(
        eq(approvalEvents.workspaceId, workspaceId),
        inArray(
          approvalEvents.postId,
          rows.map((row) => row.id),
        ),
        inArray(approvalEvents.action, ['submit', 'edit']),
      ),
    )
    .orderBy(desc(approvalEvents.createdAt));
  const latest = new Map<string, (typeof submissions)[number]>();
  for (const row of submissions) if (!latest.has(row.postId)) latest.set(row.postId, row);
  return rows.map((row) => ({
    postId: row.id,
    content: row.content,
    platforms: row.platforms,
    status: row.status,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    authorName: row.authorName,
    submittedAt: latest.get(row.id)?.at.toISOString() ?? null,
    diff: latest.get(row.id)?.diff ?? null,
    isOwn: row.authorId === caller.userId || latest.get(row.id)?.actorId === caller.userId,
  }));
}

/** Every transition of one post of the workspace, oldest first (404 for another workspace's post). */
export async function postHistory(db: Db, workspaceId: string, postId: string): Promise<ApprovalEvent[]> {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId)))
    .limit(1);
  if (!post) throw new AppError('NOT_FOUND', { message: APPROVAL_MESSAGES.postNotFound });
  const rows = await db
    .select({ event: approvalEvents, actorName: users.name })
    .from(approvalEvents)
    .leftJoin(users, eq(users.id, approvalEvents.actorId))
    .where(and(eq(approvalEvents.workspaceId, workspaceId), eq(approvalEvents.postId, postId)))
    .orderBy(asc(approvalEvents.createdAt));
  return rows.map(({ event, actorName }) => ({
    id: event.id,
    postId: event.postId,
    action: event.action as ApprovalEvent['action'],
    fromState: event.fromState as ApprovalState,
    toState: event.toState as ApprovalState,
    actorName,
    reviewerName: event.reviewerName,
    comment: event.comment,
    submittedText: event.submittedText,
    approvedText: event.approvedText,
    diff: event.diff,
    at: event.createdAt.toISOString(),
  }));
}
