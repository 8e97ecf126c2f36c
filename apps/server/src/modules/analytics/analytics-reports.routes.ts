import { TOP_POST_SORTS, TOP_POSTS_PAGE_SIZE } from '@relaycast/shared/analytics-page';
import {
  createdReportLinkSchema,
  createReportLinkSchema,
  publicReportSchema,
  REPORT_LINK_PATH,
  REPORT_MESSAGES,
  REPORT_SCHEDULE_MESSAGES,
  reportLinkListSchema,
  reportPdfQuerySchema,
  reportScheduleInputSchema,
  reportScheduleStateSchema,
} from '@relaycast/shared/analytics-report';
import { roleCan } from '@relaycast/shared/roles';
import { shortLinkClickRowSchema } from '@relaycast/shared/short-links';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { shortLinkBase } from '../short-links/short-links.routes';
import { analyticsOverview, loadAnalyticsContext, resolveFilter } from './analytics.queries';
import { overviewSchema, topPostsPageSchema } from './analytics.routes';
import { linkClicksOf } from './analytics-export';
import { ownOrigin, renderPdf } from './analytics-pdf';
import { topPosts } from './analytics-posts';
import { deleteReportSchedule, loadReportSchedule, saveReportSchedule } from './analytics-report-emails';
import {
  createReportLink,
  deleteReportLink,
  expiryOf,
  listReportLinks,
  openReport,
  PRINT_LINK_TTL_MS,
  reportBrandOf,
  revokeReportLink,
} from './analytics-reports';

/**
 * Report links and the PDF report (docs/decisions/0033-analytics-report-links-and-pdf.md). `/api/analytics/report-links`: an owner or admin shares the current
 * filters read-only until a chosen expiry, lists and revokes; every member sees the list. `/api/reports/:token…`:
 * the public reads of one link (no session), the same overview and top posts as /analytics and nothing else.
 * `/api/analytics/report.pdf`: any member prints the page through a one-minute print link.
 */

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const reportLinkClicksSchema = z.object({ rows: z.array(shortLinkClickRowSchema) });
const publicTopPostsQuery = z.object({
  sort: z.enum(TOP_POST_SORTS, { error: 'Sort by one of the listed figures.' }).default('views'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1, 'Pages start at 1.').max(10_000).default(1),
});
/** A shared report is no one's session: it must not be cached by a proxy, indexed, or followed with a referrer. */
const PUBLIC_HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
};

// function-budget: one module's routes in one plugin; each handler is short and the routes share its setup
export const analyticsReportRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/api/analytics/report-links',
    { schema: { response: { 200: reportLinkListSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      return {
        links: await listReportLinks(db, caller.workspaceId),
        canManage: roleCan(caller.role, 'manageWorkspace'),
      };
    },
  );

  app.post(
    '/api/analytics/report-links',
    {
      config: { permission: 'manageWorkspace', permissionMessage: REPORT_MESSAGES.adminOnly },
      schema: { body: createReportLinkSchema, response: { 201: createdReportLinkSchema } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const { filters, expiresInDays } = request.body;
      const context = await loadAnalyticsContext(db, caller.workspaceId, caller.userId);
      // A link that could never show anything (dates out of order, too long) is refused now, not on the visit.
      resolveFilter(filters, context.timezone);
      const { token: _token, ...link } = await createReportLink(db, {
        workspaceId: caller.workspaceId,
        userId: caller.userId,
        filters,
        expiresInMs: expiryOf(expiresInDays),
        purpose: 'share',
      });
      return reply.status(201).send(link);
    },
  );

  app.delete(
    '/api/analytics/report-links/:id',
    {
      config: { permission: 'manageWorkspace', permissionMessage: REPORT_MESSAGES.adminOnly },
      schema: { params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      await revokeReportLink(db, caller.workspaceId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // E-mailed reports: every member sees the schedule; owners and admins set or stop it.
  app.get(
    '/api/analytics/report-schedule',
    { schema: { response: { 200: reportScheduleStateSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      return {
        schedule: await loadReportSchedule(db, caller.workspaceId),
        canManage: roleCan(caller.role, 'manageWorkspace'),
      };
    },
  );

  app.put(
    '/api/analytics/report-schedule',
    {
      config: { permission: 'manageWorkspace', permissionMessage: REPORT_SCHEDULE_MESSAGES.adminOnly },
      schema: { body: reportScheduleInputSchema, response: { 200: reportScheduleStateSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      const context = await loadAnalyticsContext(db, caller.workspaceId, caller.userId);
      const schedule = await saveReportSchedule(db, {
        ...request.body,
        workspaceId: caller.workspaceId,
        userId: caller.userId,
        timezone: context.timezone,
      });
      return { schedule, canManage: true };
    },
  );

  app.delete(
    '/api/analytics/report-schedule',
    {
      config: { permission: 'manageWorkspace', permissionMessage: REPORT_SCHEDULE_MESSAGES.adminOnly },
      schema: { response: { 204: z.null() } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      await deleteReportSchedule(db, caller.workspaceId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/reports/:token',
    { config: { auth: 'public' }, schema: { params: tokenParams, response: { 200: publicReportSchema } } },
    async (request, reply) => {
      reply.headers(PUBLIC_HEADERS);
      const report = await openReport(db, request.params.token);
      return {
        filters: report.filters,
        expiresAt: report.expiresAt.toISOString(),
        demo: report.context.demo,
        workspace: await reportBrandOf(db, report.context.workspaceId),
      };
    },
  );

  app.get(
    '/api/reports/:token/overview',
    { config: { auth: 'public' }, schema: { params: tokenParams, response: { 200: overviewSchema } } },
    async (request, reply) => {
      reply.headers(PUBLIC_HEADERS);
      const { context, filters } = await openReport(db, request.params.token);
      return analyticsOverview(db, context, resolveFilter(filters, context.timezone));
    },
  );

  // The report's link clicks (the PDF prints them): the same rows as the CSV's, over the report's days.
  app.get(
    '/api/reports/:token/link-clicks',
    {
      config: { auth: 'public' },
      schema: { params: tokenParams, response: { 200: reportLinkClicksSchema } },
    },
    async (request, reply) => {
      reply.headers(PUBLIC_HEADERS);
      const { context, filters } = await openReport(db, request.params.token);
      const filter = resolveFilter(filters, context.timezone);
      return { rows: await linkClicksOf(db, context, filter, shortLinkBase(config, request)) };
    },
  );

  app.get(
    '/api/reports/:token/top-posts',
    {
      config: { auth: 'public' },
      schema: {
        params: tokenParams,
        querystring: publicTopPostsQuery,
        response: { 200: topPostsPageSchema },
      },
    },
    async (request, reply) => {
      reply.headers(PUBLIC_HEADERS);
      const { context, filters } = await openReport(db, request.params.token);
      const { sort, order, page } = request.query;
      const result = await topPosts(db, context, resolveFilter(filters, context.timezone), {
        sort,
        order,
        page,
        pageSize: TOP_POSTS_PAGE_SIZE,
      });
      // Thumbnails are the workspace's media, served to its members only: the shared report shows none.
      return { ...result, items: result.items.map((item) => ({ ...item, thumbnailUrl: null })) };
    },
  );

  app.get(
    '/api/analytics/report.pdf',
    { schema: { querystring: reportPdfQuerySchema } },
    async (request, reply) => {
      const caller = await callerOf(request);
      const context = await loadAnalyticsContext(db, caller.workspaceId, caller.userId);
      const { range } = resolveFilter(request.query, context.timezone);
      // The print link holds who the report is for with its filters: the page reads it from the server.
      const link = await createReportLink(db, {
        workspaceId: caller.workspaceId,
        userId: caller.userId,
        filters: request.query,
        expiresInMs: PRINT_LINK_TTL_MS,
        purpose: 'print',
      });
      const origin = ownOrigin(app, config.publicUrl, Boolean(config.webDistDir));
      let pdf: Buffer;
      try {
        pdf = await renderPdf(
          { chromiumPath: config.chromiumPath, url: `${origin}${REPORT_LINK_PATH}${link.token}?print=1` },
          request.log,
        );
      } finally {
        // Before the answer leaves: the print link must not outlive the request that made it.
        await deleteReportLink(db, link.id);
      }
      const name = `relaycast-analytics-${range.from}-to-${range.to}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
