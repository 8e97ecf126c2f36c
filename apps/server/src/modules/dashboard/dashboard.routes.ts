import { dashboardSchema } from '@relaycast/shared/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { getDashboard } from './dashboard.service';

/** `GET /api/dashboard`: the signed-in user's state in their workspace (docs/decisions/0027-onboarding.md; dashboard.service.ts). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/dashboard', { schema: { response: { 200: dashboardSchema } } }, async (request) => {
    const caller = await callerOf(request);
    return getDashboard(db, caller.workspaceId);
  });
};
