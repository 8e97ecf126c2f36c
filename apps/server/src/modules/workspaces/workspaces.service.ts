import { randomBytes } from 'node:crypto';
import { FREE_TRIAL_DAYS, isPlanId, type PlanId } from '@relaycast/shared/plans';
import { type AnyColumn, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workspaceMembers, workspaces } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** The workspace a request works in, as read with the session; handlers read it as a `Caller` (lib/caller.ts). */
export interface WorkspaceContext {
  id: string;
  name: string;
  role: string;
  /** The plan chosen (null during a trial without a chosen plan). */
  plan: PlanId | null;
  trialEndsAt: Date | null;
  /** Stripe's subscription status (null before any checkout; absent where the caller did not read it). */
  billingStatus?: string | null;
}

export { effectivePlan, mediaLimitsOf, planStatus } from './plan-status';

/**
 * Inserts a workspace and its owner's membership (in the caller's transaction): the personal one at sign-up and
 * every one created from the switcher.
 */
export async function insertOwnedWorkspace(
  tx: Pick<Db, 'insert'>,
  input: { ownerId: string; name: string; plan: PlanId | null; trialEndsAt: Date | null; now: Date },
): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  await tx.insert(workspaces).values({
    id,
    name: input.name,
    slug: `ws-${id.toLowerCase()}`,
    plan: input.plan,
    trialEndsAt: input.trialEndsAt,
    createdAt: input.now,
  });
  await tx.insert(workspaceMembers).values({
    id: randomBytes(16).toString('base64url'),
    organizationId: id,
    userId: input.ownerId,
    role: 'owner',
    createdAt: input.now,
  });
  return id;
}

/** Creates the personal workspace a new user works in, with the user as owner. */
export async function createPersonalWorkspace(
  db: Db,
  user: { id: string; name: string },
  chosenPlan: unknown,
  now = new Date(),
): Promise<string> {
  return db.transaction((tx) =>
    insertOwnedWorkspace(tx, {
      ownerId: user.id,
      name: `${user.name.split(' ')[0] || user.name}'s workspace`,
      plan: isPlanId(chosenPlan) ? chosenPlan : null,
      trialEndsAt: new Date(now.getTime() + FREE_TRIAL_DAYS * 24 * 60 * 60 * 1000),
      now,
    }),
  );
}

/** The id of the user's first workspace (their personal one), or null. */
export async function findDefaultWorkspaceId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: workspaceMembers.organizationId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaceMembers.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The workspace a request works in: the session's active one when the user is still a member of it,
 * otherwise their first workspace.
 */
export async function resolveWorkspace(
  db: Db,
  userId: string,
  activeWorkspaceId: string | null | undefined,
): Promise<WorkspaceContext> {
  const [workspace] = await requestWorkspaceQuery(db, userId, activeWorkspaceId ?? null);
  if (!workspace) throw new AppError('UNAUTHORIZED');
  return workspace;
}

/**
 * The workspace a request works in, as one query: the active one when the user is still a member of it, else
 * their oldest membership (an active id the user no longer belongs to never matches, so it never sorts first).
 * Values or columns: session-lookup.ts passes the session row's own, to read it next to the session.
 */
export function requestWorkspaceQuery(
  db: Db,
  userId: AnyColumn | string,
  activeWorkspaceId: AnyColumn | string | null,
) {
  const isActive =
    activeWorkspaceId === null
      ? sql`false`
      : sql`coalesce(${workspaceMembers.organizationId} = ${activeWorkspaceId}, false)`;
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      plan: workspaces.plan,
      trialEndsAt: workspaces.trialEndsAt,
      billingStatus: workspaces.billingStatus,
      role: workspaceMembers.role,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.organizationId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(desc(isActive), asc(workspaceMembers.createdAt))
    .limit(1);
}
