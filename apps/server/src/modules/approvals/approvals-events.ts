import { randomUUID } from 'node:crypto';
import type { ApprovalAction, ApprovalState } from '@relaycast/shared/approvals';
import type { NotificationKind } from '@relaycast/shared/notifications';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { approvalEvents, notifications, workspaceMembers } from '../../db/schema/index';
import { wordDiff } from './approvals-text';

/** The audit trail's writes, and the notifications each transition leaves (sent by the delivery loop). */

export interface NewApprovalEvent {
  workspaceId: string;
  postId: string;
  actorId: string | null;
  reviewerName?: string | null;
  action: ApprovalAction;
  fromState: ApprovalState;
  toState: ApprovalState;
  comment?: string;
  /** The text submitted (submit, edit) or approved (approve). */
  text: string | null;
}

/** The version a new text is compared with: the last approved one, else the first one submitted. */
async function referenceText(tx: Db, workspaceId: string, postId: string): Promise<string | null> {
  const rows = await tx
    .select({ submitted: approvalEvents.submittedText, approved: approvalEvents.approvedText })
    .from(approvalEvents)
    .where(
      and(
        eq(approvalEvents.workspaceId, workspaceId),
        eq(approvalEvents.postId, postId),
        inArray(approvalEvents.action, ['submit', 'edit', 'approve']),
      ),
    )
    .orderBy(desc(approvalEvents.createdAt));
  const approved = rows.find((row) => row.approved !== null);
  if (approved) return approved.approved;
  return rows.at(-1)?.submitted ?? null;
}

/** Records one transition with its text and the diff against the reference version. */
export async function recordEvent(tx: Db, event: NewApprovalEvent, now: Date): Promise<void> {
  await recordEvents(tx, [event], now);
}

/**
 * Records transitions in one multi-row insert. `fresh`: the posts are new (no reference version to diff against,
 * so none is read).
 */
export async function recordEvents(
  tx: Db,
  events: readonly NewApprovalEvent[],
  now: Date,
  options: { fresh?: boolean } = {},
): Promise<void> {
  if (events.length === 0) return;
  const rows = [];
  for (const event of events) {
    const isApproval = event.action === 'approve';
    const carriesText = event.text !== null && ['submit', 'edit', 'approve'].includes(event.action);
    const reference =
      carriesText && !options.fresh ? await referenceText(tx, event.workspaceId, event.postId) : null;
    rows.push({
      id: randomUUID(),
      workspaceId: event.workspaceId,
      postId: event.postId,
      actorId: event.actorId,
      reviewerName: event.reviewerName ?? null,
      action: event.action,
      fromState: event.fromState,
      toState: event.toState,
      comment: event.comment ?? '',
      submittedText: carriesText && !isApproval ? event.text : null,
      approvedText: carriesText && isApproval ? event.text : null,
      diff: carriesText && reference !== null && event.text !== null ? wordDiff(reference, event.text) : null,
      createdAt: now,
    });
  }
  await tx.insert(approvalEvents).values(rows);
}

export interface QueuedNotification {
  userId: string;
  workspaceId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

/**
 * Keeps notifications in-app in the caller's transaction, left undelivered: the notifications delivery loop
 * sends their e-mail and push as each user's toggles allow (notifications.service.ts).
 */
export async function queueNotifications(tx: Db, items: readonly QueuedNotification[]): Promise<void> {
  if (items.length === 0) return;
  await tx.insert(notifications).values(
    items.map((item) => ({
      id: randomUUID(),
      userId: item.userId,
      workspaceId: item.workspaceId,
      kind: item.kind,
      title: item.title,
      body: item.body,
      link: item.link,
    })),
  );
}

/** The workspace's approvers: members whose role has the `publish` permission. */
export async function approverIds(tx: Db, workspaceId: string, roles: readonly string[]): Promise<string[]> {
  const rows = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.organizationId, workspaceId),
        inArray(workspaceMembers.role, [...roles]),
        isNotNull(workspaceMembers.userId),
      ),
    );
  return rows.map((row) => row.userId);
}

/** The member whose version of the post waits: the actor of its last submit or edit (null if none is recorded). */
export async function submitterOf(tx: Db, workspaceId: string, postId: string): Promise<string | null> {
  const [row] = await tx
    .select({ actorId: approvalEvents.actorId })
    .from(approvalEvents)
    .where(
      and(
        eq(approvalEvents.workspaceId, workspaceId),
        eq(approvalEvents.postId, postId),
        inArray(approvalEvents.action, ['submit', 'edit']),
      ),
    )
    .orderBy(desc(approvalEvents.createdAt))
    .limit(1);
  return row?.actorId ?? null;
}
