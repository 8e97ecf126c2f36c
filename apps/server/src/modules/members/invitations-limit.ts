import {
  INVITATION_RESEND_MINUTES,
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_HOUR,
  MEMBERS_MESSAGES,
} from '@relaycast/shared/members';
import { fillMessage } from '@relaycast/shared/messages';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workspaceInvitations, workspaces } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/**
 * How many invitation e-mails a workspace sends (decision 0060): at most INVITATIONS_PER_HOUR invitations sent
 * (created or re-sent) in any hour, counted in the invitations table so the limit holds across processes, and one
 * invitation is re-sent at most every INVITATION_RESEND_MINUTES. An invitation's last send is when its link was
 * made: its expiry less the link's lifetime (a re-send renews both).
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const HOUR_MS = 60 * 60 * 1000;
const TTL_MS = INVITATION_TTL_DAYS * 24 * HOUR_MS;

const lastSentAt = sql<Date>`greatest(${workspaceInvitations.createdAt}, ${workspaceInvitations.expiresAt} - make_interval(days => ${INVITATION_TTL_DAYS}))`;

/**
 * Refuses (429, with the wait) when the workspace has sent its hourly share. Run in the transaction that then
 * records the send: the workspace row is locked first, so two requests at once cannot both take the last one.
 */
export async function reserveInvitationSend(tx: Tx, workspaceId: string, now: Date): Promise<void> {
  await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
  const since = new Date(now.getTime() - HOUR_MS);
  const recent = await tx
    .select({ sentAt: lastSentAt })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.organizationId, workspaceId), gt(lastSentAt, since)))
    .orderBy(desc(lastSentAt))
    .limit(INVITATIONS_PER_HOUR);
  const oldest = recent[INVITATIONS_PER_HOUR - 1]?.sentAt;
  if (!oldest) return;
  const waitSeconds = Math.max(1, Math.ceil((new Date(oldest).getTime() + HOUR_MS - now.getTime()) / 1000));
  throw new AppError('RATE_LIMITED', {
    message: fillMessage(MEMBERS_MESSAGES.tooManyInvitations, { minutes: Math.ceil(waitSeconds / 60) }),
    headers: { 'retry-after': String(waitSeconds) },
  });
}

/** Refuses a re-send of an invitation whose last e-mail left less than INVITATION_RESEND_MINUTES ago. */
export function assertResendAllowed(invitation: { expiresAt: Date }, now: Date): void {
  const sentAt = invitation.expiresAt.getTime() - TTL_MS;
  const waitMs = sentAt + INVITATION_RESEND_MINUTES * 60 * 1000 - now.getTime();
  if (waitMs > 0) {
    throw new AppError('RATE_LIMITED', {
      message: MEMBERS_MESSAGES.resentTooSoon,
      headers: {
        'retry-after': String(Math.ceil(waitMs / 1000)),
      },
    });
  }
}
