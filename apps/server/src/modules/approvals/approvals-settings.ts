import type { ApprovalSettings, ApprovalStatus } from '@relaycast/shared/approvals';
import { roleCan } from '@relaycast/shared/roles';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { approvalSettings } from '../../db/schema/index';
import type { Caller } from '../../lib/caller';
import { isSoleApprover } from './approvals-gate';

/**
 * "Require approval for everyone" (docs/decisions/0045-approvals.md, 0059): read by every member with what it
 * means for them, changed by owners and admins.
 */

export async function getApprovalSettings(
  db: Db,
  caller: Pick<Caller, 'userId' | 'workspaceId' | 'role'>,
): Promise<ApprovalStatus> {
  const [row] = await db
    .select({ requireApproval: approvalSettings.requireApproval })
    .from(approvalSettings)
    .where(eq(approvalSettings.workspaceId, caller.workspaceId));
  const requireApproval = row?.requireApproval ?? false;
  // The role table's answers for the routes: the decisions declare `publish`, PUT /api/approvals/settings
  // `manageWorkspace`.
  const canApprove = roleCan(caller.role, 'publish');
  const isSole = canApprove && (await isSoleApprover(db, caller.workspaceId, caller.userId));
  return {
    requireApproval,
    // As the gate decides (approvals-gate.ts): the only approver is never held.
    needsApproval: (requireApproval && !isSole) || !canApprove,
    canApprove,
    canChangeSetting: roleCan(caller.role, 'manageWorkspace'),
    isSoleApprover: isSole,
  };
}

/** "Require approval for everyone": owners and admins (the route declares `manageWorkspace`). */
export async function saveApprovalSettings(
  db: Db,
  caller: Pick<Caller, 'workspaceId'>,
  input: ApprovalSettings,
  now = new Date(),
): Promise<ApprovalSettings> {
  await db
    .insert(approvalSettings)
    .values({ workspaceId: caller.workspaceId, requireApproval: input.requireApproval, updatedAt: now })
    .onConflictDoUpdate({
      target: approvalSettings.workspaceId,
      set: { requireApproval: input.requireApproval, updatedAt: now },
    });
  return input;
}
