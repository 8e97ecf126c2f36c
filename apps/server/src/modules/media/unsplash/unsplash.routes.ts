import { mediaImportSchema } from '@relaycast/shared/media-imports';
import {
  unsplashImportSchema,
  unsplashSearchQuerySchema,
  unsplashSearchSchema,
  unsplashStatusSchema,
} from '@relaycast/shared/unsplash';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/client';
import { callerOf } from '../../../lib/caller';
import { createUnsplashService } from './unsplash.service';

export interface UnsplashRoutesOptions {
  db: Db;
  config: Config;
}

/**
 * Stock photos from Unsplash (docs/media-import.md, "Unsplash"): whether the server has a key, a search proxied
 * with it (members who may see the library may search), and the import of one photo (members who may upload),
 * which answers the link import it started (202) for the library's imports list to follow.
 */
export const unsplashRoutes: FastifyPluginAsyncZod<UnsplashRoutesOptions> = async (app, { db, config }) => {
  const unsplash = createUnsplashService(config);

  app.get(
    '/api/media/unsplash',
    { config: { permission: 'view' }, schema: { response: { 200: unsplashStatusSchema } } },
    async () => ({ enabled: unsplash.enabled }),
  );

  app.get(
    '/api/media/unsplash/search',
    {
      config: { permission: 'view' },
      schema: { querystring: unsplashSearchQuerySchema, response: { 200: unsplashSearchSchema } },
    },
    async (request) => {
      await callerOf(request);
      return unsplash.search(request.query.query, request.query.page);
    },
  );

  app.post(
    '/api/media/unsplash/imports',
    {
      config: { permission: 'write' },
      schema: { body: unsplashImportSchema, response: { 202: mediaImportSchema } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const started = await unsplash.importPhoto(
        db,
        app.jobs,
        { workspaceId: caller.workspaceId, userId: caller.userId },
        request.body.photoId,
      );
      return reply.code(202).send(started);
    },
  );
};
