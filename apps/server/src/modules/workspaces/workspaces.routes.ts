import { currentWorkspaceSchema } from '@relaycast/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { effectivePlan } from './workspaces.service';

export const workspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/workspaces/current',
    { schema: { response: { 200: currentWorkspaceSchema } } },
    async (request) => {
      const { workspace } = await request.requireWorkspace();
      return {
        id: workspace.id,
        name: workspace.name,
        role: workspace.role,
        plan: workspace.plan,
        effectivePlan: effectivePlan(workspace).id,
        trialEndsAt: workspace.trialEndsAt?.toISOString() ?? null,
        isTrial: workspace.trialEndsAt !== null && workspace.trialEndsAt.getTime() > Date.now(),
      };
    },
  );
};
