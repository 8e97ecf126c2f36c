import {
  APPROVAL_MESSAGES,
  type ApprovalAction,
  type ApprovalState,
  approvalStateOf,
  transition,
} from '@relaycast/shared/approvals';
import type { PostAction, PostStatus } from '@relaycast/shared/posts';
import { roleCan, rolesWith } from '@relaycast/shared/roles';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { builtOnce } from '../../db/prepared';
import { approvalSettings, users } from '../../db/schema/index';
import type { Caller } from '../../lib/caller';
import { approverIds, queueNotifications, recordEvents } from './approvals-events';
import { snapshotText } from './approvals-text';

/**
 * Where the posts service asks whether a post may be scheduled: a caller without `publish`, or anyone when the
 * workspace requires approval, gets "awaiting approval" instead (its targets stay drafts, so the publisher never
 * claims them). Decided before the post is written; recorded, with the approvers notified, after.
 */

export interface GateDecision {
  status: PostStatus;
  scheduledAt: Date | null;
  /** The transition to record once the post is written (null: nothing to record). */
  event: { action: ApprovalAction; from: ApprovalState; to: ApprovalState } | null;
}

/** Whether the workspace requires approval (asked at every scheduling save, so written once). */
const approvalSetting = builtOnce((db) =>
  db
    .select({ requireApproval: approvalSettings.requireApproval })
    .from(approvalSettings)
    .where(eq(approvalSettings.workspaceId, sql.placeholder('workspaceId')))
    .limit(1),
);

export async function requiresApprovalFor(
  tx: Db,
  caller: Pick<Caller, 'userId' | 'workspaceId' | 'role'>,
): Promise<boolean> {
  if (!roleCan(caller.role, 'publish')) return true;
  const [settings] = await approvalSetting(tx, { workspaceId: caller.workspaceId });
  if (!settings?.requireApproval) return false;
  // An approval needs a second person: the only approver's posts go through (docs/decisions/0059).
  return !(await isSoleApprover(tx, caller.workspaceId, caller.userId));
}

/** Whether no member but `userId` may approve in the workspace (the roles with `publish`). */
export async function isSoleApprover(tx: Db, workspaceId: string, userId: string): Promise<boolean> {
  const approvers = await approverIds(tx, workspaceId, rolesWith('publish'));
  return approvers.every((id) => id === userId);
}

/**
 * The status a write may store. `previous` is the post's status before (null for a new post); `requested` what
 * the composer's action resolved to. A "publish now" waiting for approval keeps no time: it goes out when
 * approved.
 */
export async function decideWrite(
  tx: Db,
  caller: Pick<Caller, 'userId' | 'workspaceId' | 'role'>,
  previous: PostStatus | null,
  requested: { status: PostStatus; scheduledAt: Date | null; action: PostAction },
  /** Whether the caller's scheduling needs approval, when already known (a batch asks once). */
  requiresApproval?: boolean,
): Promise<GateDecision> {
  const from = previous ? approvalStateOf(previous) : 'draft';
  if (requested.status !== 'scheduled') {
    // Saved as a draft while waiting or after a decision: recorded, and it leaves the queue.
    const withdrawn = transition(from, 'withdraw');
    const event = withdrawn.ok ? { action: 'withdraw' as const, from, to: withdrawn.to } : null;
    return { status: requested.status, scheduledAt: requested.scheduledAt, event };
  }
  if (!(requiresApproval ?? (await requiresApprovalFor(tx, caller)))) {
    // An approver scheduling a post that was waiting approves it by doing so.
    const event =
      from === 'awaiting_approval' ? { action: 'approve' as const, from, to: 'approved' as const } : null;
    return { status: 'scheduled', scheduledAt: requested.scheduledAt, event };
  }
  const action: ApprovalAction = from === 'approved' || from === 'awaiting_approval' ? 'edit' : 'submit';
  const result = transition(from, action);
  // Every state but publishing ones (refused earlier as not editable) may be submitted or edited.
  if (!result.ok) throw new Error(result.message);
  return {
    status: 'awaiting_approval',
    scheduledAt: requested.action === 'now' ? null : requested.scheduledAt,
    event: { action, from, to: result.to },
  };
}

/** Records the decided transition of a written post and tells the approvers (or the author) about it. */
export async function recordWrite(
  tx: Db,
  caller: Pick<Caller, 'userId' | 'workspaceId' | 'role'>,
  post: { id: string; content: string; overrides: Record<string, string> },
  decision: GateDecision,
  now: Date,
): Promise<void> {
  await recordWrites(tx, caller, [{ post, decision }], now);
}

/**
 * `recordWrite` for several posts written together (a bulk import): one event per post with a transition, and
 * one notification per post and approver, in multi-row inserts. `fresh`: the posts are new, so no earlier version
 * exists to compare the text with.
 */
export async function recordWrites(
  tx: Db,
  caller: Pick<Caller, 'userId' | 'workspaceId' | 'role'>,
  writes: readonly {
    post: { id: string; content: string; overrides: Record<string, string> };
    decision: GateDecision;
  }[],
  now: Date,
  options: { fresh?: boolean } = {},
): Promise<void> {
  const recorded = writes.flatMap(({ post, decision }) =>
    decision.event ? [{ post, event: decision.event }] : [],
  );
  if (recorded.length === 0) return;
  await recordEvents(
    tx,
    recorded.map(({ post, event }) => ({
      workspaceId: caller.workspaceId,
      postId: post.id,
      actorId: caller.userId,
      action: event.action,
      fromState: event.from,
      toState: event.to,
      text: snapshotText(post.content, post.overrides),
    })),
    now,
    options,
  );
  const waiting = recorded.filter(({ event }) => event.to === 'awaiting_approval');
  if (waiting.length === 0) return;
  const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, caller.userId));
  const approvers = (await approverIds(tx, caller.workspaceId, rolesWith('publish'))).filter(
    (id) => id !== caller.userId,
  );
  await queueNotifications(
    tx,
    waiting.flatMap(() =>
      approvers.map((userId) => ({
        userId,
        workspaceId: caller.workspaceId,
        kind: 'approval_requested' as const,
        title: APPROVAL_MESSAGES.requestedTitle,
        body: APPROVAL_MESSAGES.requestedBody(author?.name ?? ''),
        link: '/approvals',
      })),
    ),
  );
}
