import { analyticsQuerySchema } from '@relaycast/shared/analytics';
import { analyticsActivitySchema } from '@relaycast/shared/analytics-activity';
import { topPostsQuerySchema } from '@relaycast/shared/analytics-page';
import { PLATFORM_IDS } from '@relaycast/shared/platforms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { shortLinkBase } from '../short-links/short-links.routes';
import { analyticsOverview, loadAnalyticsContext, resolveFilter } from './analytics.queries';
import { relaycastActivity } from './analytics-activity';
import { createDemoWorkspace, deleteDemoWorkspace } from './analytics-demo';
import { analyticsCsv } from './analytics-export';
import { accountAnalytics, topPosts } from './analytics-posts';

const nullableNumber = z.number().nullable();
const statCardSchema = z.object({
  value: nullableNumber,
  previous: nullableNumber,
  changePercent: nullableNumber,
});
const platformSchema = z.enum(PLATFORM_IDS);
const metricsSchema = z.object({
  views: nullableNumber.optional(),
  reach: nullableNumber.optional(),
  likes: nullableNumber.optional(),
  comments: nullableNumber.optional(),
  shares: nullableNumber.optional(),
  saves: nullableNumber.optional(),
  clicks: nullableNumber.optional(),
});

export const overviewSchema = z.object({
  range: z.object({
    from: z.string(),
    to: z.string(),
    previousFrom: z.string(),
    previousTo: z.string(),
    timezone: z.string(),
  }),
  cards: z.object({
    totalFollowers: statCardSchema,
    engagementRate: statCardSchema,
    totalShares: statCardSchema,
    comments: statCardSchema,
  }),
  engagement: z.object({
    bucket: z.enum(['day', 'week']),
    points: z.array(
      z.object({ label: z.string(), start: z.string(), engagements: nullableNumber, views: nullableNumber }),
    ),
  }),
  platforms: z.array(
    z.object({
      platform: platformSchema,
      engagements: nullableNumber,
      followers: nullableNumber,
      posts: z.number(),
    }),
  ),
  demo: z.boolean(),
});

export const topPostsPageSchema = z.object({
  items: z.array(
    z.object({
      targetId: z.string(),
      postId: z.string(),
      platform: platformSchema,
      accountId: z.string().nullable(),
      accountHandle: z.string().nullable(),
      text: z.string(),
      thumbnailUrl: z.string().nullable(),
      url: z.string().nullable(),
      publishedAt: z.string(),
      metrics: metricsSchema,
      engagementRate: nullableNumber,
      linkClicks: nullableNumber,
    }),
  ),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

const accountAnalyticsSchema = z.object({
  account: z.object({
    id: z.string(),
    platform: platformSchema,
    handle: z.string(),
    displayName: z.string(),
    demo: z.boolean(),
  }),
  range: z.object({ from: z.string(), to: z.string(), timezone: z.string() }),
  followers: statCardSchema,
  series: z.array(z.object({ day: z.string(), followers: nullableNumber })),
  totals: metricsSchema.required(),
  postsPublished: z.number(),
});

const demoResultSchema = z.object({ workspaceId: z.string(), name: z.string() });

/** `/api/analytics…`: the /analytics page's reads, its CSV export and the demo workspace. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/api/analytics/overview',
    { schema: { querystring: analyticsQuerySchema, response: { 200: overviewSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      const context = await loadAnalyticsContext(db, caller.workspaceId, caller.userId);
      return analyticsOverview(db, context, resolveFilter(request.query, context.timezone));
    },
  );

  app.get(
    '/api/analytics/activity',
    { schema: { querystring: analyticsQuerySchema, response: { 200: analyticsActivitySchema } } },
    async (request) => {
      const caller = await callerOf(request);
      const context = await loadAnalyticsContext(db, caller.workspaceId, caller.userId);
      return relaycastActivity(db, context, resolveFilter(request.query, context.timezone));
    },
  );

  app.get(
    '/api/analytics/top-posts',
    { schema: { querystring: topPostsQuerySchema, response: { 200: topPostsPageSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      const context = await loadAnalyticsContext(db, caller.workspaceId, caller.userId);
      const { sort, order, page, pageSize } = request.query;
      return topPosts(db, context, resolveFilter(request.query, context.timezone), {
        sort,
        order,
        page,
        pageSize,
      });
    },
  );

  app.get(
    '/api/analytics/accounts/:id',
    {
      schema: {
        params: idParams,
        querystring: analyticsQuerySchema,
        response: { 200: accountAnalyticsSchema },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const context = await loadAnalyticsContext(db, caller.workspaceId, caller.userId);
      const { range } = resolveFilter(request.query, context.timezone);
      return accountAnalytics(db, context, request.params.id, range);
    },
  );

  app.get(
    '/api/analytics/export.csv',
    { schema: { querystring: analyticsQuerySchema } },
    async (request, reply) => {
      const caller = await callerOf(request);
      const context = await loadAnalyticsContext(db, caller.workspaceId, caller.userId);
      const filter = resolveFilter(request.query, context.timezone);
      const csv = await analyticsCsv(db, context, filter, shortLinkBase(config, request));
      const name = `relaycast-analytics-${filter.range.from}-to-${filter.range.to}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    },
  );

  app.post(
    '/api/analytics/demo',
    { config: { permission: 'self' }, schema: { response: { 200: demoResultSchema } } },
    async (request) => {
      const user = await request.requireUser();
      return createDemoWorkspace(db, user);
    },
  );

  app.delete(
    '/api/analytics/demo',
    { config: { permission: 'self' }, schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      const user = await request.requireUser();
      await deleteDemoWorkspace(db, user);
      return reply.status(204).send(null);
    },
  );
};
