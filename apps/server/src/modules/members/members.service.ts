import { type AssignableRole, MEMBERS_MESSAGES, type MembersList } from '@relaycast/shared/members';
import { isOwner } from '@relaycast/shared/roles';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, users, workspaceInvitations, workspaceMembers } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { verifyPassword } from '../../lib/password-hashing';

/**
 * Members of the workspace a request works in (docs/decisions/0042-members-and-invitations.md). Every query is
 * scoped to that workspace, so another workspace's ids are simply not found (404). Each route declares the
 * permission it needs, which the route hook checks (docs/decisions/0067-role-enforcement-one-rule.md); these
 * services check only the finer rules: the owner's place, one's own membership, the password.
 */

export function forbidden(message: string): AppError {
  return new AppError('FORBIDDEN', { message });
}

export function notFound(message: string): AppError {
  return new AppError('NOT_FOUND', { message });
}

export function conflict(message: string): AppError {
  return new AppError('CONFLICT', { message });
}

export async function listMembers(db: Db, caller: Caller): Promise<MembersList> {
  const members = await db
    .select({
      id: workspaceMembers.id,
      userId: workspaceMembers.userId,
      name: users.name,
      email: users.email,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.organizationId, caller.workspaceId))
    .orderBy(asc(workspaceMembers.createdAt));
  const invitations = await db
    .select({
      id: workspaceInvitations.id,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      expiresAt: workspaceInvitations.expiresAt,
      createdAt: workspaceInvitations.createdAt,
      invitedBy: users.name,
    })
    .from(workspaceInvitations)
    .innerJoin(users, eq(users.id, workspaceInvitations.inviterId))
    .where(
      and(
        eq(workspaceInvitations.organizationId, caller.workspaceId),
        eq(workspaceInvitations.status, 'pending'),
      ),
    )
    .orderBy(asc(workspaceInvitations.createdAt));
  const now = Date.now();
  return {
    yourRole: caller.role,
    members: members.map((member) => ({
      ...member,
      joinedAt: member.joinedAt.toISOString(),
      isYou: member.userId === caller.userId,
    })),
    invitations: invitations.map((invitation) => ({
      ...invitation,
      role: invitation.role ?? 'viewer',
      expiresAt: invitation.expiresAt.toISOString(),
      createdAt: invitation.createdAt.toISOString(),
      expired: invitation.expiresAt.getTime() <= now,
    })),
  };
}

async function findMember(db: Db, workspaceId: string, memberId: string) {
  const [member] = await db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.id, memberId), eq(workspaceMembers.organizationId, workspaceId)))
    .limit(1);
  if (!member) throw notFound(MEMBERS_MESSAGES.memberNotFound);
  return member;
}

/** Owner or admin: any assignable role for anyone but the owner and themselves. */
export async function changeMemberRole(db: Db, caller: Caller, memberId: string, role: AssignableRole) {
  const member = await findMember(db, caller.workspaceId, memberId);
  if (isOwner(member.role)) throw forbidden(MEMBERS_MESSAGES.ownerRoleFixed);
  if (member.userId === caller.userId) throw forbidden(MEMBERS_MESSAGES.cannotChangeOwnRole);
  await db
    .update(workspaceMembers)
    .set({ role })
    .where(and(eq(workspaceMembers.id, member.id), eq(workspaceMembers.organizationId, caller.workspaceId)));
  return { id: member.id, role };
}

export async function removeMember(db: Db, caller: Caller, memberId: string): Promise<void> {
  const member = await findMember(db, caller.workspaceId, memberId);
  if (isOwner(member.role)) throw forbidden(MEMBERS_MESSAGES.ownerCannotBeRemoved);
  if (member.userId === caller.userId) throw forbidden(MEMBERS_MESSAGES.cannotRemoveSelf);
  await db
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.id, member.id), eq(workspaceMembers.organizationId, caller.workspaceId)));
}

/** Any member but the owner may leave; their sessions fall back to their own workspace. */
export async function leaveWorkspace(db: Db, caller: Caller): Promise<void> {
  if (isOwner(caller.role)) throw forbidden(MEMBERS_MESSAGES.ownerCannotLeave);
  const memberships = await db
    .select({ id: workspaceMembers.organizationId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, caller.userId));
  if (memberships.length <= 1) throw forbidden(MEMBERS_MESSAGES.onlyWorkspace);
  await db
    .delete(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.userId, caller.userId),
        eq(workspaceMembers.organizationId, caller.workspaceId),
      ),
    );
}

async function checkPassword(db: Db, userId: string, password: string): Promise<void> {
  const [account] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  const ok = account?.password ? await verifyPassword({ hash: account.password, password }) : false;
  if (!ok) throw forbidden(MEMBERS_MESSAGES.passwordWrong);
}

/**
 * The owner (the route declares `billing`), with their current password (checked against the stored hash with
 * the `verifyPassword` Better Auth is configured with, as its two-factor disable does): the target becomes owner and the caller
 * admin, in one transaction.
 */
export async function transferOwnership(
  db: Db,
  caller: Caller,
  input: { memberId: string; password: string },
): Promise<void> {
  const target = await findMember(db, caller.workspaceId, input.memberId);
  if (target.userId === caller.userId) throw conflict(MEMBERS_MESSAGES.transferToSelf);
  await checkPassword(db, caller.userId, input.password);
  await db.transaction(async (tx) => {
    // The caller's ownership is read again inside the transaction: two transfers at once move it once.
    const demoted = await tx
      .update(workspaceMembers)
      .set({ role: 'admin' })
      .where(
        and(
          eq(workspaceMembers.organizationId, caller.workspaceId),
          eq(workspaceMembers.userId, caller.userId),
          eq(workspaceMembers.role, 'owner'),
        ),
      )
      .returning({ id: workspaceMembers.id });
    if (demoted.length === 0) throw forbidden(MEMBERS_MESSAGES.onlyOwnerTransfers);
    const promoted = await tx
      .update(workspaceMembers)
      .set({ role: 'owner' })
      .where(and(eq(workspaceMembers.id, target.id), eq(workspaceMembers.organizationId, caller.workspaceId)))
      .returning({ id: workspaceMembers.id });
    if (promoted.length === 0) throw notFound(MEMBERS_MESSAGES.memberNotFound);
  });
}
