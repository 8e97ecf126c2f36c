import { NOTIFICATION_MESSAGES } from '@relaycast/shared/notifications';
import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { socialAccounts, users, workspaceMembers } from '../../db/schema/index';
import { PlatformError } from '../../platforms/types';
import type { Mailer } from '../mail/mailer';
import { type NotifyDeps, notify } from '../notifications/notifications.service';
import { claimAccountsDueForRefresh, refreshAccount } from './account-credentials';
import { deleteExpiredStates } from './accounts-oauth';

/** The sweep refreshes tokens that expire within this window, ahead of any publish that needs them. */
export const SWEEP_REFRESH_WINDOW_MS = 15 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 1000;

/**
 * E-mails the workspace owner about each account that needs reconnecting and has not been reported yet. The
 * row is claimed first (UPDATE … RETURNING), so one failure episode sends one e-mail, whichever process runs.
 * With `notifyDeps`, each owner also gets the in-app notification and its push (its e-mail is the one above,
 * sent as before whatever the toggles).
 */
export async function sendReconnectNotices(
  db: Db,
  mailer: Mailer,
  config: Pick<Config, 'publicUrl'>,
  notifyDeps?: NotifyDeps,
) {
  const claimed = await db
    .update(socialAccounts)
    .set({ reconnectNotifiedAt: new Date() })
    .where(and(eq(socialAccounts.status, 'needs_reconnect'), isNull(socialAccounts.reconnectNotifiedAt)))
    .returning();
  for (const account of claimed) {
    const owners = await db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(
        and(eq(workspaceMembers.organizationId, account.workspaceId), eq(workspaceMembers.role, 'owner')),
      );
    const platformName = PLATFORMS[account.platform as PlatformId]?.name ?? account.platform;
    for (const owner of owners) {
      await mailer.send({
        to: owner.email,
        subject: `Reconnect your ${platformName} account ${account.handle}`,
        text: [
          `Hi ${owner.name},`,
          '',
          `Relaycast can no longer post to ${account.handle} on ${platformName}${account.lastError ? ` (${account.lastError})` : ''}.`,
          'Scheduled posts to this account will not be published until you reconnect it:',
          `${config.publicUrl}/connected-accounts`,
        ].join('\n'),
      });
      if (notifyDeps) {
        await notify(db, notifyDeps, {
          userId: owner.id,
          workspaceId: account.workspaceId,
          kind: 'account_reconnect',
          title: NOTIFICATION_MESSAGES.accountReconnectTitle(platformName, account.handle),
          body: account.lastError
            ? `${NOTIFICATION_MESSAGES.accountReconnectBody} (${account.lastError})`
            : NOTIFICATION_MESSAGES.accountReconnectBody,
          link: '/connected-accounts',
          sendEmail: false,
        });
      }
    }
  }
  return claimed.length;
}

/**
 * One pass: refresh the tokens about to expire (claimed per row, so processes share the work), e-mail owners
 * about accounts that need reconnecting, and drop expired OAuth states.
 */
export async function runAccountsSweep(
  db: Db,
  config: Config,
  mailer: Mailer,
  log?: Pick<FastifyBaseLogger, 'warn'>,
  notifyDeps?: NotifyDeps,
) {
  const due = await claimAccountsDueForRefresh(db, SWEEP_REFRESH_WINDOW_MS);
  let refreshed = 0;
  for (const account of due) {
    try {
      await refreshAccount(db, config, account);
      refreshed += 1;
    } catch (error) {
      // 'reauthorize' already marked the account; anything else is tried again on a later pass.
      if (!(error instanceof PlatformError && error.kind === 'reauthorize')) {
        log?.warn({ err: error, accountId: account.id }, 'token refresh failed; will try again');
        await db
          .update(socialAccounts)
          .set({ lastError: error instanceof Error ? error.message : String(error) })
          .where(eq(socialAccounts.id, account.id));
      }
    } finally {
      await db
        .update(socialAccounts)
        .set({ refreshClaimedUntil: null })
        .where(eq(socialAccounts.id, account.id));
    }
  }
  const notified = await sendReconnectNotices(db, mailer, config, notifyDeps);
  await deleteExpiredStates(db);
  return { refreshed, notified, claimed: due.length };
}
