import type { PlanId } from '@relaycast/shared/plans';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { users, workspaceMembers, workspaces } from '../db/schema/index';
import { AppError } from './app-error';

/**
 * Who is calling a route that works in a workspace: the signed-in user (or an API key's owner) and the workspace
 * they work in, as read with the session (plugins/auth.ts: no query of its own). The route hook
 * (plugins/authenticate-first.ts) has already checked `role` against the permission the route declares: a handler
 * or a service never checks it again (docs/decisions/0067-role-enforcement-one-rule.md). A service takes the
 * `Caller`, or `Pick<Caller, …>` of what it reads.
 */
export interface Caller {
  userId: string;
  email: string;
  /** The user's name. */
  name: string;
  workspaceId: string;
  workspaceName: string;
  /** The caller's role in the workspace (packages/shared/src/roles.ts): for a flag the interface reads, `roleCan`. */
  role: string;
  /** The workspace's chosen plan (null during a trial without one) and its trial's end: planStatus, effectivePlan. */
  plan: PlanId | null;
  trialEndsAt: Date | null;
  /** Stripe's subscription status (null before any checkout). */
  billingStatus: string | null;
}

/** The caller of a route that needs a session, or 401 `UNAUTHORIZED` (the hook answered that before the handler). */
export async function callerOf(request: FastifyRequest): Promise<Caller> {
  const { user, workspace } = await request.requireWorkspace();
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    role: workspace.role,
    plan: workspace.plan,
    trialEndsAt: workspace.trialEndsAt,
    billingStatus: workspace.billingStatus ?? null,
  };
}

/** The caller of a public route (`config: { auth: 'public' }`) when the request has a session, else null. */
export async function optionalCallerOf(request: FastifyRequest): Promise<Caller | null> {
  try {
    return await callerOf(request);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) return null;
    throw error;
  }
}

/**
 * A member of a workspace as the caller of background work done on their behalf (a feed's posts: modules/feeds),
 * with their role now; null when they are no longer a member. No route reads the caller this way.
 */
export async function memberAsCaller(db: Db, workspaceId: string, userId: string): Promise<Caller | null> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: workspaceMembers.role,
      workspaceName: workspaces.name,
      plan: workspaces.plan,
      trialEndsAt: workspaces.trialEndsAt,
      billingStatus: workspaces.billingStatus,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.organizationId))
    .where(and(eq(workspaceMembers.organizationId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  if (!row) return null;
  return { ...row, workspaceId, plan: row.plan as PlanId | null };
}
