import {
  API_KEY_RATE_LIMIT,
  apiKeyListSchema,
  createApiKeySchema,
  createdApiKeySchema,
} from '@relaycast/shared/public-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { getUserSettings } from '../settings/settings.service';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';
import { registerMcpEndpoint } from './mcp';
import { buildOpenApiDocument } from './openapi';
import { PUBLIC_API_BASE, PUBLIC_API_ROUTES } from './public-api';

/**
 * Settings → Security → API keys: `GET /api/api-keys`, `POST /api/api-keys` (the key in full, once) and
 * `DELETE /api/api-keys/:id`. Each user manages their own keys in the workspace they work in; these routes
 * take the session only (an API key cannot mint keys).
 */
export const publicApiRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Pick<Config, 'billingMode' | 'installLimits'>;
}> = async (app, { db, config }) => {
  app.get(
    '/api/api-keys',
    { config: { permission: 'self' }, schema: { response: { 200: apiKeyListSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      const [keys, settings] = await Promise.all([
        listApiKeys(db, caller.workspaceId, caller.userId),
        getUserSettings(db, caller.userId),
      ]);
      return { keys, enabled: settings.security.apiKeyEnabled };
    },
  );

  app.post(
    '/api/api-keys',
    {
      config: { permission: 'self' },
      schema: { body: createApiKeySchema, response: { 201: createdApiKeySchema } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const created = await createApiKey(db, {
        workspaceId: caller.workspaceId,
        userId: caller.userId,
        name: request.body.name,
        scopes: request.body.scopes,
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/api-keys/:id',
    { config: { permission: 'self' }, schema: { params: idParams } },
    async (request, reply) => {
      const caller = await callerOf(request);
      await revokeApiKey(db, caller.workspaceId, caller.userId, request.params.id);
      return reply.status(204).send();
    },
  );

  // The public API's index: what it offers and how to authenticate, readable without a key.
  app.get(PUBLIC_API_BASE, { config: { auth: 'public' } }, async () => ({
    version: 'v1',
    openapi: `${PUBLIC_API_BASE}/openapi.json`,
    authentication:
      'Send an API key from Settings → Security as "Authorization: Bearer <key>" or in an "x-api-key" header.',
    rateLimit: {
      // Counted per user: all of a user's keys share one window (docs/public-api.md).
      per: 'user',
      requests: API_KEY_RATE_LIMIT.requests,
      windowSeconds: API_KEY_RATE_LIMIT.windowSeconds,
      headers: ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'],
    },
    scopes: { read: 'GET requests', write: 'every other method' },
    routes: PUBLIC_API_ROUTES.map((route) => ({ ...route, path: `${PUBLIC_API_BASE}${route.path}` })),
  }));

  // The OpenAPI 3.1 document, built once from the routes' own zod schemas when first asked for.
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  const openApiDocument = () => {
    document ??= buildOpenApiDocument(app.registeredRoutes);
    return document;
  };
  app.get(`${PUBLIC_API_BASE}/openapi.json`, { config: { auth: 'public' } }, async () => openApiDocument());
  // The same operations as MCP tools, for AI assistants (modules/public-api/mcp.ts).
  registerMcpEndpoint(app, db, config, openApiDocument);

  // The interactive reference is a page of the web app.
  app.get('/api/docs', { config: { auth: 'public' } }, async (_request, reply) =>
    reply.redirect('/api-reference'),
  );
};
