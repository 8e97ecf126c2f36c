import {
  mediaImportListSchema,
  mediaImportSchema,
  startMediaImportSchema,
} from '@relaycast/shared/media-imports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import {
  cancelMediaImport,
  findMediaImport,
  listMediaImports,
  startMediaImport,
  toMediaImport,
} from './media-imports.service';

export interface MediaImportsRoutesOptions {
  db: Db;
  config: Config;
}

/**
 * Import from a link (docs/media-import.md): start (202, the `media-import` job does the work), list, read and
 * cancel, scoped to the caller's workspace; members who may upload may import.
 */
export const mediaImportsRoutes: FastifyPluginAsyncZod<MediaImportsRoutesOptions> = async (
  app,
  { db, config },
) => {
  app.post(
    '/api/media/imports',
    {
      config: { permission: 'write' },
      schema: { body: startMediaImportSchema, response: { 202: mediaImportSchema } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const started = await startMediaImport(
        db,
        config,
        app.jobs,
        { workspaceId: caller.workspaceId, userId: caller.userId },
        request.body.url,
      );
      return reply.code(202).send(started);
    },
  );

  app.get('/api/media/imports', { schema: { response: { 200: mediaImportListSchema } } }, async (request) => {
    const caller = await callerOf(request);
    return { items: await listMediaImports(db, caller.workspaceId) };
  });

  app.get(
    '/api/media/imports/:id',
    { schema: { params: idParams, response: { 200: mediaImportSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      return toMediaImport(await findMediaImport(db, caller.workspaceId, request.params.id));
    },
  );

  app.post(
    '/api/media/imports/:id/cancel',
    {
      config: { permission: 'write' },
      schema: { params: idParams, response: { 200: mediaImportSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      return cancelMediaImport(db, caller.workspaceId, request.params.id);
    },
  );
};
