import type { PlanId } from '@relaycast/shared/plans';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workspaces } from '../../db/schema/index';
import { resumeTargetsHeldForPlan } from '../publishing/publishing.service';

/**
 * Sets a workspace's plan, the one way every path does it: the administrator's command and page, and Stripe's
 * webhooks. With a plan, the post targets held when the trial ended become due again at once (the engine's
 * sweep publishes them through the usual claim). Returns how many were resumed.
 */
export async function setWorkspacePlan(
  db: Db,
  workspaceId: string,
  plan: PlanId | null,
  now = new Date(),
): Promise<number> {
  await db.update(workspaces).set({ plan }).where(eq(workspaces.id, workspaceId));
  return plan ? resumeTargetsHeldForPlan(db, workspaceId, now) : 0;
}
