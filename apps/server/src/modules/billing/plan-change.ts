import type { PlanId } from '@relaycast/shared/plans';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workspaces } from '../../db/schema/index';
import { resumeTargetsHeldForPlan } from '../publishing/publishing.service';
import { sameOwnerWorkspaceIds } from '../workspaces/owner-scope';

/**
 * Sets a workspace's plan, the one way every path does it: the administrator's command and page, and Stripe's
 * webhooks. The plan is the paying owner's (docs/decisions/0046-stripe-billing.md: limits count across all the workspaces they own), so it
 * goes to every other workspace of the same owner too, except one paid for by a Stripe subscription of its own
 * (and generated demo workspaces). With a plan, the post targets held when the trial ended become due again at
 * once (the engine's sweep publishes them through the usual claim). Returns how many were resumed.
 */
export async function setWorkspacePlan(
  db: Db,
  workspaceId: string,
  plan: PlanId | null,
  now = new Date(),
): Promise<number> {
  const changed = await db
    .update(workspaces)
    .set({ plan })
    .where(
      and(
        sql`${workspaces.id} in ${sameOwnerWorkspaceIds(workspaceId)}`,
        or(eq(workspaces.id, workspaceId), isNull(workspaces.stripeSubscriptionId)),
      ),
    )
    .returning({ id: workspaces.id });
  if (!plan) return 0;
  let resumed = 0;
  for (const { id } of changed) resumed += await resumeTargetsHeldForPlan(db, id, now);
  return resumed;
}
