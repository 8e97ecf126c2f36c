import { currentWorkspaceSchema } from '@relaycast/shared/auth';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { workspaces } from '../../db/schema/index';
import { planStatus } from './plan-status';

export const workspacesRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/api/workspaces/current',
    { schema: { response: { 200: currentWorkspaceSchema } } },
    async (request) => {
      const { workspace } = await request.requireWorkspace();
      const status = planStatus(workspace, config.billingMode);
      const [billing] = await db
        .select({ status: workspaces.billingStatus })
        .from(workspaces)
        .where(eq(workspaces.id, workspace.id));
      return {
        id: workspace.id,
        name: workspace.name,
        role: workspace.role,
        plan: workspace.plan,
        effectivePlan: status.plan.id,
        trialEndsAt: workspace.trialEndsAt?.toISOString() ?? null,
        isTrial: status.onTrial,
        billingMode: config.billingMode,
        trialDaysLeft: status.trialDaysLeft,
        publishingBlocked: status.publishingBlocked,
        publishingBlockedReason: status.reason,
        paymentFailed: billing?.status === 'past_due',
      };
    },
  );
};
