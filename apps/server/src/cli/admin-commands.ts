import { normalizeEmail } from '@relaycast/shared/auth';
import { isPlanId, type PlanId } from '@relaycast/shared/plans';
import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import { users, workspaceMembers, workspaces } from '../db/schema/index';
import { listInstanceWorkspaces } from '../modules/admin/admin.service';
import { createResetLink } from '../modules/auth/password-reset';
import { setWorkspacePlan } from '../modules/billing/plan-change';

/**
 * The administrator's commands (`npm run admin -- <command>`; docs/plans-and-billing.md): list the workspaces
 * with their plans, set a workspace's plan when billing is self-hosted (or to fix one by hand), and make a
 * password reset link for an account when the server has no e-mail server (docs/security.md). They write
 * lines to `out` and return the exit code, so tests run them on a database without a process.
 */

export const ADMIN_USAGE = `Usage:
  npm run admin -- list-workspaces
  npm run admin -- set-plan <workspace id or owner e-mail> <standard|premium|entrepreneur|none>
  npm run admin -- reset-link <e-mail>`;

export interface AdminContext {
  db: Db;
  config: Config;
  out: (line: string) => void;
  now?: Date;
}

/** Workspaces with their owner's e-mail, members and plan status, oldest first (the /admin page's list). */
async function listWorkspaces(ctx: AdminContext): Promise<number> {
  const rows = await listInstanceWorkspaces(ctx.db, ctx.config, ctx.now);
  ctx.out(`Billing: ${ctx.config.billingMode}. ${rows.length} workspace(s).`);
  for (const row of rows) {
    const state = row.publishingBlocked
      ? 'trial ended, publishing paused'
      : row.onTrial
        ? `trial, ${row.trialDaysLeft} day(s) left`
        : row.plan
          ? 'plan chosen'
          : 'no plan (self-hosted default)';
    ctx.out(
      [
        row.id,
        row.owner ?? '-',
        row.name,
        `plan=${row.plan ?? 'none'}`,
        `limits=${row.effectivePlan}`,
        state,
        `members=${row.members}`,
      ].join('\t'),
    );
  }
  return 0;
}

/** The workspace named by id, or the one its owner (by e-mail) owns; a message when none or several. */
async function findWorkspace(ctx: AdminContext, ref: string): Promise<{ id: string } | string> {
  const [byId] = await ctx.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, ref));
  if (byId) return byId;
  if (!ref.includes('@')) return `No workspace with id "${ref}".`;
  const owned = await ctx.db
    .select({ id: workspaceMembers.organizationId })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(users.email, normalizeEmail(ref)), eq(workspaceMembers.role, 'owner')))
    .orderBy(asc(workspaceMembers.createdAt));
  if (owned.length === 0) return `No workspace owned by "${ref}".`;
  if (owned.length > 1) {
    return `"${ref}" owns ${owned.length} workspaces (${owned.map((row) => row.id).join(', ')}): give the workspace id.`;
  }
  return owned[0] as { id: string };
}

async function setPlan(
  ctx: AdminContext,
  ref: string | undefined,
  planArg: string | undefined,
): Promise<number> {
  if (!ref || !planArg) {
    ctx.out(ADMIN_USAGE);
    return 2;
  }
  const plan: PlanId | null = planArg === 'none' ? null : isPlanId(planArg) ? planArg : null;
  if (plan === null && planArg !== 'none') {
    ctx.out(`Unknown plan "${planArg}": use standard, premium, entrepreneur or none.`);
    return 2;
  }
  const found = await findWorkspace(ctx, ref);
  if (typeof found === 'string') {
    ctx.out(found);
    return 1;
  }
  const resumed = await setWorkspacePlan(ctx.db, found.id, plan, ctx.now);
  ctx.out(
    `Workspace ${found.id}: plan ${plan ?? 'none'}` +
      (resumed > 0 ? `; ${resumed} held post target(s) will publish now.` : '.'),
  );
  return 0;
}

/** A one-use link to choose a new password, printed for the administrator to hand to the account's owner. */
async function resetLink(ctx: AdminContext, email: string | undefined): Promise<number> {
  if (!email?.includes('@')) {
    ctx.out(ADMIN_USAGE);
    return 2;
  }
  const made = await createResetLink(ctx.db, email, ctx.config.publicUrl, ctx.now);
  if (!made) {
    ctx.out(`No account with the e-mail "${email}".`);
    return 1;
  }
  ctx.out(`Reset link for ${normalizeEmail(email)} (works once, until ${made.expiresAt.toISOString()}):`);
  ctx.out(made.url);
  return 0;
}

/** Runs one command; returns the process exit code (0 done, 1 not found, 2 bad usage). */
export async function runAdminCommand(args: readonly string[], ctx: AdminContext): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list-workspaces') return listWorkspaces(ctx);
  if (command === 'set-plan') return setPlan(ctx, rest[0], rest[1]);
  if (command === 'reset-link') return resetLink(ctx, rest[0]);
  ctx.out(ADMIN_USAGE);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}
