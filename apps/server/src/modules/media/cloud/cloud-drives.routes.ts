import {
  cloudBrowseQuerySchema,
  cloudBrowseSchema,
  cloudConnectStartSchema,
  cloudImportSchema,
  cloudProviderListSchema,
  cloudProviderParamsSchema,
} from '@relaycast/shared/cloud-drives';
import { mediaImportListSchema } from '@relaycast/shared/media-imports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/client';
import { callerOf, optionalCallerOf } from '../../../lib/caller';
import { linkBaseUrl } from '../../../lib/request-origin';
import {
  browseCloud,
  completeCloudConnect,
  disconnectCloud,
  importFromCloud,
  listCloudProviders,
  startCloudConnect,
} from './cloud-drives.service';

export interface CloudDrivesRoutesOptions {
  db: Db;
  config: Config;
}

const noContent = z.null();

/**
 * Cloud import (docs/media-import.md, decision 0105): the providers and the caller's connections, connect by OAuth
 * (start, callback), disconnect, browse and import. A member uses only their own connection in this workspace;
 * members who may upload may connect and import.
 */
export const cloudDrivesRoutes: FastifyPluginAsyncZod<CloudDrivesRoutesOptions> = async (
  app,
  { db, config },
) => {
  app.get(
    '/api/media/cloud/providers',
    { schema: { response: { 200: cloudProviderListSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      return { items: await listCloudProviders(db, config, caller) };
    },
  );

  app.post(
    '/api/media/cloud/:provider/connect',
    {
      config: { permission: 'write' },
      schema: { params: cloudProviderParamsSchema, response: { 200: cloudConnectStartSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      const base = { ...config, publicUrl: linkBaseUrl(request, config) };
      return startCloudConnect(db, base, caller, request.params.provider);
    },
  );

  /** Where the provider sends the browser back: always a redirect to the media library with the outcome. */
  app.get(
    '/api/media/cloud/:provider/callback',
    {
      config: { auth: 'public' },
      schema: {
        params: cloudProviderParamsSchema,
        querystring: z
          .object({ code: z.string().max(4096), state: z.string().max(512), error: z.string().max(512) })
          .partial(),
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      let result: 'connected' | 'failed';
      try {
        const caller = await optionalCallerOf(request);
        result = await completeCloudConnect(db, config, caller, provider, request.query);
      } catch (error) {
        request.log.warn({ err: error, provider }, 'cloud drive connect failed');
        result = 'failed';
      }
      return reply.redirect(`/media-library?${new URLSearchParams({ cloud: provider, result }).toString()}`);
    },
  );

  app.delete(
    '/api/media/cloud/:provider/connection',
    {
      config: { permission: 'write' },
      schema: { params: cloudProviderParamsSchema, response: { 204: noContent } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      await disconnectCloud(db, caller, request.params.provider);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/media/cloud/:provider/files',
    {
      config: { permission: 'write' },
      schema: {
        params: cloudProviderParamsSchema,
        querystring: cloudBrowseQuerySchema,
        response: { 200: cloudBrowseSchema },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      return browseCloud(db, config, caller, request.params.provider, request.query.folder);
    },
  );

  app.post(
    '/api/media/cloud/:provider/imports',
    {
      config: { permission: 'write' },
      schema: {
        params: cloudProviderParamsSchema,
        body: cloudImportSchema,
        response: { 202: mediaImportListSchema },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const items = await importFromCloud(
        db,
        config,
        app.jobs,
        caller,
        request.params.provider,
        request.body,
      );
      return reply.code(202).send({ items });
    },
  );
};
