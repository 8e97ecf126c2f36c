import path from 'node:path';
import { aiImageInputSchema, aiImageStatusSchema } from '@relaycast/shared/ai-images';
import { mediaItemSchema } from '@relaycast/shared/media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { toMediaItem } from '../media/media.service';
import { prepareTempDir } from '../media/media-upload';
import { mediaLimitsOf } from '../workspaces/workspaces.service';
import { aiImageStatus, generateAiImage } from './ai-images';

export interface AiImagesRoutesOptions {
  db: Db;
  config: Config;
}

/**
 * `POST /api/ai/images`: one image from a prompt, added to the media library (docs/ai-images.md); members who may
 * upload may generate. `GET /api/ai/images/status`: whether the workspace's provider makes images.
 */
export const aiImagesRoutes: FastifyPluginAsyncZod<AiImagesRoutesOptions> = async (app, { db, config }) => {
  const tempDir = path.join(config.dataDir, 'tmp', 'ai-images');
  await prepareTempDir(tempDir);

  app.get(
    '/api/ai/images/status',
    { schema: { response: { 200: aiImageStatusSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      return aiImageStatus({ db, config }, caller.workspaceId);
    },
  );

  app.post(
    '/api/ai/images',
    {
      config: { permission: 'write' },
      schema: { body: aiImageInputSchema, response: { 201: mediaItemSchema } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      // The browser going away stops the provider request (and counts it as stopped).
      const disconnected = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) disconnected.abort(new Error('client closed the connection'));
      });
      const row = await generateAiImage(
        {
          db,
          config,
          storage: app.mediaStorage,
          processor: app.mediaProcessor,
          disk: app.diskGuard,
          tempDir,
          log: request.log,
        },
        { workspaceId: caller.workspaceId, userId: caller.userId, limits: mediaLimitsOf(caller, config) },
        request.body,
        disconnected.signal,
      );
      return reply.code(201).send(toMediaItem(row));
    },
  );
};
