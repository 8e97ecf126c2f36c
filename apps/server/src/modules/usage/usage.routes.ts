import { workspaceUsageSchema } from '@relaycast/shared/usage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { workspaceUsage } from './usage.service';

/** `GET /api/workspaces/current/usage`: the usage page's figures (any member may read them). */
export const usageRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/api/workspaces/current/usage',
    { schema: { response: { 200: workspaceUsageSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      // A self-hosted install's storage is bounded by its disk: the usage page shows what is left of it.
      const diskFreeBytes = config.billingMode === 'self-hosted' ? await app.diskGuard.room() : null;
      return workspaceUsage(db, config, caller, new Date(), diskFreeBytes);
    },
  );
};
