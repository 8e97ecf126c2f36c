import {
  engagementActionInputSchema,
  engagementActionResultSchema,
  engagementMetricsQuerySchema,
  engagementMetricsSchema,
  inboxItemSchema,
  inboxListSchema,
  inboxQuerySchema,
  inboxRefreshResultSchema,
} from '@relaycast/shared/engagement';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { performAction } from './engagement-actions';
import { engagementMetrics, listInbox, markItemDone } from './engagement-inbox';
import { refreshWorkspaceInbox } from './engagement-sync';

/** `/api/engagement…`: actions with hourly limits, the unified inbox, and the response metrics. */
export const engagementRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  // Background inbox syncs run in worker processes (engagement.jobs.ts); here only Refresh.

  app.post(
    '/api/engagement/actions',
    {
      config: { permission: 'engage' },
      schema: { body: engagementActionInputSchema, response: { 201: engagementActionResultSchema } },
    },
    async (request, reply) => {
      const result = await performAction(db, config, await callerOf(request), request.body);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/engagement/metrics',
    { schema: { querystring: engagementMetricsQuerySchema, response: { 200: engagementMetricsSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      return engagementMetrics(db, caller.workspaceId, request.query.days);
    },
  );

  app.get(
    '/api/engagement/inbox',
    { schema: { querystring: inboxQuerySchema, response: { 200: inboxListSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      return { items: await listInbox(db, caller.workspaceId, request.query) };
    },
  );

  app.post(
    '/api/engagement/inbox/:id/done',
    {
      config: { permission: 'engage' },
      schema: { params: idParams, response: { 200: inboxItemSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      return markItemDone(db, caller.workspaceId, request.params.id);
    },
  );

  app.post(
    '/api/engagement/refresh',
    { config: { permission: 'engage' }, schema: { response: { 200: inboxRefreshResultSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      return refreshWorkspaceInbox(db, config, caller.workspaceId);
    },
  );
};
