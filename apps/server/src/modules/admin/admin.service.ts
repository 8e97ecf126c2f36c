import { normalizeEmail } from '@relaycast/shared/auth';
import { type AdminWorkspace, BILLING_MESSAGES, isBillingStatus } from '@relaycast/shared/billing';
import type { PlanId } from '@relaycast/shared/plans';
import { asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { users, workspaceMembers, workspaces } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { setWorkspacePlan } from '../billing/plan-change';
import { planStatus } from '../workspaces/plan-status';

/**
 * The instance administrator's view (docs/decisions/0046-stripe-billing.md): every workspace with its plan, and
 * setting one. The administrators are the e-mails of ADMIN_EMAILS; the same list and plan change serve
 * `npm run admin` (cli/admin-commands.ts), which needs no sign-in.
 */

export function isInstanceAdmin(config: Pick<Config, 'adminEmails'>, email: string): boolean {
  return config.adminEmails.includes(normalizeEmail(email));
}

/** Anyone else is told the page does not exist (404), not that it is forbidden. */
export function requireInstanceAdmin(config: Pick<Config, 'adminEmails'>, email: string): void {
  if (!isInstanceAdmin(config, email)) throw new AppError('NOT_FOUND');
}

export interface AdminWorkspaceRow extends AdminWorkspace {
  trialDaysLeft: number;
}

/** Every workspace with its owner's e-mail, members and plan status, oldest first. */
export async function listInstanceWorkspaces(
  db: Db,
  config: Config,
  now = new Date(),
): Promise<AdminWorkspaceRow[]> {
  const rows = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      plan: workspaces.plan,
      trialEndsAt: workspaces.trialEndsAt,
      billingStatus: workspaces.billingStatus,
      createdAt: workspaces.createdAt,
      owner: sql<string | null>`(select u.email from ${workspaceMembers} m join ${users} u on u.id = m.user_id
        where m.workspace_id = "workspaces"."id" and m.role = 'owner' order by m.created_at limit 1)`,
      members:
        sql<number>`(select count(*) from ${workspaceMembers} m where m.workspace_id = "workspaces"."id")`.mapWith(
          Number,
        ),
    })
    .from(workspaces)
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
  return rows.map((row) => {
    const status = planStatus(row, config.billingMode, now);
    return {
      id: row.id,
      name: row.name,
      owner: row.owner,
      members: row.members,
      plan: row.plan,
      effectivePlan: status.plan.id,
      onTrial: status.onTrial,
      trialDaysLeft: status.trialDaysLeft,
      publishingBlocked: status.publishingBlocked,
      billingStatus: isBillingStatus(row.billingStatus) ? row.billingStatus : null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** Sets a workspace's plan by id (the page); returns how many held post targets were resumed. */
export async function setInstanceWorkspacePlan(
  db: Db,
  workspaceId: string,
  plan: PlanId | null,
  now = new Date(),
): Promise<number> {
  const [found] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!found) throw new AppError('NOT_FOUND', { message: BILLING_MESSAGES.workspaceNotFound });
  return setWorkspacePlan(db, workspaceId, plan, now);
}
