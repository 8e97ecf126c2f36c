import { currentWorkspaceSchema } from '@relaycast/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import { planStatus } from './plan-status';

export const workspacesRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/api/workspaces/current',
    { schema: { response: { 200: currentWorkspaceSchema } } },
    async (request) => {
      const { workspace } = await request.requireWorkspace();
      const status = planStatus(workspace, config.billingMode);
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
      };
    },
  );
};
