import {
  isServedShortLinkCode,
  isShortLinkCode,
  SHORT_LINK_MESSAGES,
  shortLinkClickReportSchema,
  shortLinkClicksQuerySchema,
  shortLinkInputSchema,
  shortLinkListSchema,
  shortLinkPostOptionsSchema,
  shortLinkSchema,
  shortLinkSettingsSchema,
  shortLinkSettingsViewSchema,
  shortLinkUpdateSchema,
} from '@relaycast/shared/short-links';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { linkBaseUrl } from '../../lib/request-origin';
import { getShortLink, linkScopeOf, listShortLinks, shortLinkClickReport } from './short-links.queries';
import {
  configuredShortLinkBase,
  createShortLink,
  readPostOptions,
  readShortLinkSettings,
  resolveShortLink,
  savePostOptions,
  saveShortLinkSettings,
  updateShortLink,
} from './short-links.service';
import { fastPathFoundNoLink, journalClick, REDIRECT_ROUTE } from './short-links-fast-path';

/** Where a workspace's short links are served: SHORT_LINK_BASE_URL, else the app's own address. */
export function shortLinkBase(config: Config, request?: FastifyRequest): string {
  if (config.shortLinkBaseUrl || !request) return configuredShortLinkBase(config);
  return linkBaseUrl(request, config);
}

const DAY_MS = 86_400_000;

/**
 * `GET /<code>`: one indexed lookup and a 302 (docs/decisions/0080-short-links.md): browsers do not cache it,
 * so every click reaches the counter and an edited target applies at once. No page, no cookie. A path of a
 * code's shape that is a page or a reserved path (/pricing, /links, /api) goes on to the web app. Requests over
 * HTTP are answered before Fastify by the fast path (short-links-fast-path.ts, decision 0097), the same way;
 * this route answers what the fast path hands on, and `app.inject()`.
 */
async function redirect(db: Db, request: FastifyRequest, reply: FastifyReply) {
  const { code } = request.params as { code: string };
  if (!isServedShortLinkCode(code) || fastPathFoundNoLink(request.raw)) return reply.callNotFound();
  const link = await resolveShortLink(db, code);
  // A path of a custom code's shape that is no link (`/no-such-page`) is a mistyped page as often as a dead link:
  // it gets the app's own "page not found". An unknown or disabled code of the random shape gets the short answer.
  if (!link && !isShortLinkCode(code)) return reply.callNotFound();
  reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
  if (!link) {
    return reply.status(404).type('text/plain; charset=utf-8').send(SHORT_LINK_MESSAGES.visitorNotFound);
  }
  if (request.method === 'GET') {
    const sources = {
      counter: request.server.shortLinkClicks,
      countries: request.server.shortLinkCountries,
      log: request.log,
    };
    journalClick(sources, link.id, request.headers, request.ip);
  }
  return reply.status(302).header('location', link.target).send();
}

// function-budget: one module's routes in one plugin; each handler is one call and the routes share its setup
export const shortLinksRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(REDIRECT_ROUTE, { config: { auth: 'public' } }, async (request, reply) =>
    redirect(db, request, reply),
  );

  app.get('/api/short-links', { schema: { response: { 200: shortLinkListSchema } } }, async (request) => ({
    links: await listShortLinks(db, await callerOf(request), shortLinkBase(config, request)),
  }));

  app.post(
    '/api/short-links',
    {
      config: { permission: 'write' },
      schema: { body: shortLinkInputSchema, response: { 201: shortLinkSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createShortLink(db, await callerOf(request), request.body, shortLinkBase(config, request)),
        ),
  );

  app.get(
    '/api/short-links/settings',
    { schema: { response: { 200: shortLinkSettingsViewSchema } } },
    async (request) => ({
      ...(await readShortLinkSettings(db, await callerOf(request))),
      baseUrl: configuredShortLinkBase(config),
    }),
  );

  app.put(
    '/api/short-links/settings',
    {
      config: { permission: 'manageWorkspace' },
      schema: { body: shortLinkSettingsSchema, response: { 200: shortLinkSettingsViewSchema } },
    },
    async (request) => ({
      ...(await saveShortLinkSettings(db, await callerOf(request), request.body)),
      baseUrl: configuredShortLinkBase(config),
    }),
  );

  app.get(
    '/api/short-links/clicks',
    { schema: { querystring: shortLinkClicksQuerySchema, response: { 200: shortLinkClickReportSchema } } },
    async (request) => {
      const to = request.query.to ? new Date(request.query.to) : new Date();
      const from = request.query.from ? new Date(request.query.from) : new Date(to.getTime() - 30 * DAY_MS);
      return shortLinkClickReport(
        db,
        await callerOf(request),
        { from, to },
        shortLinkBase(config, request),
        linkScopeOf(request.query),
      );
    },
  );

  app.get(
    '/api/short-links/posts/:id',
    { schema: { params: idParams, response: { 200: shortLinkPostOptionsSchema } } },
    async (request) => readPostOptions(db, await callerOf(request), request.params.id),
  );

  app.put(
    '/api/short-links/posts/:id',
    {
      config: { permission: 'write' },
      schema: {
        params: idParams,
        body: shortLinkPostOptionsSchema,
        response: { 200: shortLinkPostOptionsSchema },
      },
    },
    async (request) => savePostOptions(db, await callerOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/short-links/:id',
    { schema: { params: idParams, response: { 200: shortLinkSchema } } },
    async (request) =>
      getShortLink(db, await callerOf(request), request.params.id, shortLinkBase(config, request)),
  );

  app.patch(
    '/api/short-links/:id',
    {
      config: { permission: 'write' },
      schema: { params: idParams, body: shortLinkUpdateSchema, response: { 200: shortLinkSchema } },
    },
    async (request) =>
      updateShortLink(
        db,
        await callerOf(request),
        request.params.id,
        request.body,
        shortLinkBase(config, request),
      ),
  );
};
