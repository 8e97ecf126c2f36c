import {
  accountProxyInputSchema,
  accountProxyListSchema,
  accountProxySchema,
  connectProxyCheckInputSchema,
  proxyCheckInputSchema,
  proxyCheckResultSchema,
} from '@relaycast/shared/proxies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import {
  checkAccountProxy,
  checkProxyBeforeConnect,
  listProxies,
  removeProxy,
  saveProxy,
} from './proxies.service';

export interface ProxiesRoutesOptions {
  db: Db;
  config: Config;
}

/** Accounts' proxies (docs/proxies.md): list, set or replace (confirmed), remove, check. */
export const proxiesRoutes: FastifyPluginAsyncZod<ProxiesRoutesOptions> = async (app, { db, config }) => {
  app.get(
    '/api/accounts/proxies',
    { schema: { response: { 200: accountProxyListSchema } } },
    async (request) => ({ proxies: await listProxies(db, (await callerOf(request)).workspaceId) }),
  );

  app.put(
    '/api/accounts/:id/proxy',
    {
      config: { permission: 'manageAccounts' },
      schema: { params: idParams, body: accountProxyInputSchema, response: { 200: accountProxySchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      return saveProxy(db, config, caller.workspaceId, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/accounts/:id/proxy',
    { config: { permission: 'manageAccounts' }, schema: { params: idParams } },
    async (request, reply) => {
      const caller = await callerOf(request);
      await removeProxy(db, caller.workspaceId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/accounts/:id/proxy/check',
    {
      config: { permission: 'manageAccounts' },
      schema: { params: idParams, body: proxyCheckInputSchema, response: { 200: proxyCheckResultSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      return checkAccountProxy(db, config, caller.workspaceId, request.params.id, request.body);
    },
  );

  // "Check proxy" before connecting an account through it (docs/decisions/0098-proxy-at-connection.md).
  app.post(
    '/api/accounts/connect/proxy/check',
    {
      config: { permission: 'manageAccounts' },
      schema: { body: connectProxyCheckInputSchema, response: { 200: proxyCheckResultSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      return checkProxyBeforeConnect(db, config, caller.workspaceId, request.body);
    },
  );
};
