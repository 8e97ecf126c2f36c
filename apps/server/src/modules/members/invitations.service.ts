import { createHash, randomBytes } from 'node:crypto';
import { normalizeEmail } from '@relaycast/shared/auth';
import {
  type AcceptedInvitation,
  type AssignableRole,
  INVITATION_TTL_DAYS,
  type InvitationPreview,
  type InvitationState,
  MEMBERS_MESSAGES,
  wrongEmailMessage,
} from '@relaycast/shared/members';
import { oneLineName } from '@relaycast/shared/names';
import { ROLE_LABELS } from '@relaycast/shared/roles';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, workspaceInvitations, workspaceMembers, workspaces } from '../../db/schema/index';
import type { Caller } from '../../lib/caller';
import type { Mailer } from '../mail/mailer';
import { assertResendAllowed, reserveInvitationSend } from './invitations-limit';
import { conflict, forbidden, notFound } from './members.service';

/**
 * Invitations by e-mail (docs/decisions/0042-members-and-invitations.md): the link `/invite/<token>` carries a
 * random token; the table keeps its SHA-256 only. A link is valid for INVITATION_TTL_DAYS and works once.
 */

export interface InvitationDeps {
  db: Db;
  mailer: Mailer;
  /** Where the web app is reached: the base of the accept link. */
  linkBase: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

function expiry(now: Date): Date {
  return new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
}

export function invitationEmail(input: {
  to: string;
  inviterName: string;
  workspaceName: string;
  role: string;
  url: string;
}) {
  const roleLabel = ROLE_LABELS[input.role as keyof typeof ROLE_LABELS] ?? input.role;
  // Names stored before the name rule may hold line breaks or a link: each is one line of inert text (0060).
  const inviter = oneLineName(input.inviterName);
  const workspace = oneLineName(input.workspaceName);
  return {
    to: input.to,
    subject: `${inviter} invited you to ${workspace} on Relaycast`,
    text: [
      'Hi,',
      '',
      `${inviter} invited you to join the workspace "${workspace}" on Relaycast as ${roleLabel}.`,
      `Open this link within ${INVITATION_TTL_DAYS} days to accept: ${input.url}`,
      '',
      'If you do not have a Relaycast account yet, you can create one from that page with this e-mail address.',
      'If you did not expect this invitation, ignore this e-mail.',
    ].join('\n'),
  };
}

/**
 * E-mails the invitation. Without an e-mail server the message only waits in the outbox, so the link comes back
 * to the inviter (who may invite anyway) to send it themselves; with one, the link stays in the e-mail.
 */
async function sendInvitation(
  deps: InvitationDeps,
  caller: Caller,
  to: string,
  role: string,
  token: string,
): Promise<{ inviteLink: string | null }> {
  const url = `${deps.linkBase}/invite/${token}`;
  await deps.mailer.send(
    invitationEmail({ to, inviterName: caller.name, workspaceName: caller.workspaceName, role, url }),
  );
  return { inviteLink: deps.mailer.delivers === false ? url : null };
}

/** Owner or admin (the route declares `manageMembers`); refuses a member's address or one with a pending invitation (re-send that instead). */
export async function inviteMember(
  deps: InvitationDeps,
  caller: Caller,
  input: { email: string; role: AssignableRole },
  now = new Date(),
) {
  const { db } = deps;
  const email = normalizeEmail(input.email);
  const [member] = await db
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(
      and(eq(workspaceMembers.organizationId, caller.workspaceId), sql`lower(${users.email}) = ${email}`),
    )
    .limit(1);
  if (member) throw conflict(MEMBERS_MESSAGES.alreadyMember);
  const [pending] = await db
    .select({ id: workspaceInvitations.id })
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.organizationId, caller.workspaceId),
        eq(workspaceInvitations.status, 'pending'),
        eq(workspaceInvitations.email, email),
      ),
    )
    .limit(1);
  if (pending) throw conflict(MEMBERS_MESSAGES.alreadyInvited);
  const { token, tokenHash } = newToken();
  const id = randomBytes(16).toString('base64url');
  const expiresAt = expiry(now);
  await db.transaction(async (tx) => {
    await reserveInvitationSend(tx, caller.workspaceId, now);
    await tx.insert(workspaceInvitations).values({
      id,
      organizationId: caller.workspaceId,
      email,
      role: input.role,
      status: 'pending',
      expiresAt,
      createdAt: now,
      inviterId: caller.userId,
      tokenHash,
    });
  });
  const { inviteLink } = await sendInvitation(deps, caller, email, input.role, token);
  return { id, email, role: input.role, expiresAt: expiresAt.toISOString(), inviteLink };
}

async function findPendingInvitation(db: Db, caller: Caller, id: string) {
  const [invitation] = await db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.organizationId, caller.workspaceId)))
    .limit(1);
  if (!invitation) throw notFound(MEMBERS_MESSAGES.invitationNotFound);
  if (invitation.status !== 'pending') throw conflict(MEMBERS_MESSAGES.invitationNotPending);
  return invitation;
}

/** A fresh link (the old one stops working) valid for another INVITATION_TTL_DAYS. */
export async function resendInvitation(deps: InvitationDeps, caller: Caller, id: string, now = new Date()) {
  const invitation = await findPendingInvitation(deps.db, caller, id);
  assertResendAllowed(invitation, now);
  const { token, tokenHash } = newToken();
  const expiresAt = expiry(now);
  const updated = await deps.db.transaction(async (tx) => {
    await reserveInvitationSend(tx, caller.workspaceId, now);
    return tx
      .update(workspaceInvitations)
      .set({ tokenHash, expiresAt })
      .where(and(eq(workspaceInvitations.id, invitation.id), eq(workspaceInvitations.status, 'pending')))
      .returning({ id: workspaceInvitations.id });
  });
  if (updated.length === 0) throw conflict(MEMBERS_MESSAGES.invitationNotPending);
  const role = invitation.role ?? 'viewer';
  const { inviteLink } = await sendInvitation(deps, caller, invitation.email, role, token);
  return { id: invitation.id, email: invitation.email, role, expiresAt: expiresAt.toISOString(), inviteLink };
}

export async function revokeInvitation(db: Db, caller: Caller, id: string): Promise<void> {
  const invitation = await findPendingInvitation(db, caller, id);
  await db
    .update(workspaceInvitations)
    .set({ status: 'canceled', tokenHash: null })
    .where(and(eq(workspaceInvitations.id, invitation.id), eq(workspaceInvitations.status, 'pending')));
}

async function findByToken(db: Db, token: string) {
  const [row] = await db
    .select({
      invitation: workspaceInvitations,
      workspaceName: workspaces.name,
      invitedBy: users.name,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.organizationId))
    .innerJoin(users, eq(users.id, workspaceInvitations.inviterId))
    .where(eq(workspaceInvitations.tokenHash, hashToken(token)))
    .limit(1);
  return row;
}

function stateOf(invitation: { status: string; expiresAt: Date }, now: Date): InvitationState {
  if (invitation.status === 'accepted') return 'used';
  if (invitation.status !== 'pending') return 'revoked';
  return invitation.expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
}

const STATE_MESSAGES: Record<Exclude<InvitationState, 'valid'>, string> = {
  expired: MEMBERS_MESSAGES.linkExpired,
  used: MEMBERS_MESSAGES.linkUsed,
  revoked: MEMBERS_MESSAGES.linkRevoked,
};

/** What the invite page shows, to anyone holding the link. */
export async function previewInvitation(db: Db, token: string, now = new Date()): Promise<InvitationPreview> {
  const row = await findByToken(db, token);
  if (!row) throw notFound(MEMBERS_MESSAGES.linkNotFound);
  return {
    workspaceName: row.workspaceName,
    invitedBy: row.invitedBy,
    email: row.invitation.email,
    role: row.invitation.role ?? 'viewer',
    expiresAt: row.invitation.expiresAt.toISOString(),
    state: stateOf(row.invitation, now),
  };
}

/**
 * The signed-in user joins with the invited role. The invitation is claimed by a conditional UPDATE, so two
 * accepts at once add the member once.
 */
export async function acceptInvitation(
  db: Db,
  user: { id: string; email: string },
  token: string,
  now = new Date(),
): Promise<AcceptedInvitation> {
  const row = await findByToken(db, token);
  if (!row) throw notFound(MEMBERS_MESSAGES.linkNotFound);
  const { invitation } = row;
  const state = stateOf(invitation, now);
  if (state !== 'valid') throw conflict(STATE_MESSAGES[state]);
  if (normalizeEmail(user.email) !== normalizeEmail(invitation.email)) {
    throw forbidden(wrongEmailMessage(invitation.email));
  }
  const role = invitation.role ?? 'viewer';
  await db.transaction(async (tx) => {
    const claimed = await tx
      .update(workspaceInvitations)
      .set({ status: 'accepted' })
      .where(
        and(
          eq(workspaceInvitations.id, invitation.id),
          eq(workspaceInvitations.status, 'pending'),
          gt(workspaceInvitations.expiresAt, now),
        ),
      )
      .returning({ id: workspaceInvitations.id });
    if (claimed.length === 0) throw conflict(MEMBERS_MESSAGES.linkUsed);
    await tx
      .insert(workspaceMembers)
      .values({
        id: randomBytes(16).toString('base64url'),
        organizationId: invitation.organizationId,
        userId: user.id,
        role,
        createdAt: now,
      })
      .onConflictDoNothing();
  });
  return { workspaceId: invitation.organizationId, workspaceName: row.workspaceName, role };
}
