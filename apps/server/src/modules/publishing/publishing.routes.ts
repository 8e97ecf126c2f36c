import { ERROR_CODES } from '@relaycast/shared/messages';
import { postSchema } from '@relaycast/shared/posts';
import { targetParamsSchema } from '@relaycast/shared/publishing';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { mediaFiles } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { StorageNotFoundError } from '../../lib/media/storage';
import { getPost } from '../posts/posts.queries';
import type { PublishingEngine } from './publishing.engine';
import { isValidMediaSignature } from './publishing.media';
import { cancelHeldTarget, confirmTargetPosted, retryTarget } from './publishing.service';

const publicMediaQuerySchema = z.object({
  exp: z.coerce.number().int(),
  sig: z.string().min(1).max(200),
});

function mediaLinkInvalid(): AppError {
  return new AppError(ERROR_CODES.notFound, 404, 'This media link is invalid or has expired.');
}

/**
 * `/api/posts/:id/targets/:targetId/…`: the user's decisions on a target (Retry / Publish again / Publish now,
 * "It was posted", Cancel), and `/api/media/public/:id`: media the platforms fetch by signed URL.
 */
export const publishingRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  engine: PublishingEngine;
}> = async (app, { db, config, engine }) => {
  const actions = {
    retry: retryTarget,
    confirm: confirmTargetPosted,
    cancel: cancelHeldTarget,
  } as const;
  for (const [action, change] of Object.entries(actions)) {
    app.post(
      `/api/posts/:id/targets/:targetId/${action}`,
      { schema: { params: targetParamsSchema, response: { 200: postSchema } } },
      async (request) => {
        const { workspace } = await request.requireWorkspace();
        await change(db, workspace.id, request.params.id, request.params.targetId);
        if (action === 'retry') await engine.schedulePost(request.params.id);
        return getPost(db, workspace.id, request.params.id);
      },
    );
  }

  app.get(
    '/api/media/public/:id',
    // The platforms fetch it: the signature in the query is the credential.
    {
      config: { auth: 'public' },
      schema: { params: z.object({ id: z.string().min(1).max(100) }), querystring: publicMediaQuerySchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isValidMediaSignature(config.appSecret, id, request.query.exp, request.query.sig)) {
        throw mediaLinkInvalid();
      }
      const [row] = await db
        .select({
          storageKey: mediaFiles.storageKey,
          mimeType: mediaFiles.mimeType,
          sizeBytes: mediaFiles.sizeBytes,
        })
        .from(mediaFiles)
        .where(eq(mediaFiles.id, id))
        .limit(1);
      if (!row) throw mediaLinkInvalid();
      const storage = app.mediaStorage;
      try {
        const body = await storage.get(row.storageKey);
        return reply
          .header('content-type', row.mimeType)
          .header('content-length', String(row.sizeBytes))
          .header('cache-control', 'private, max-age=3600')
          .send(body);
      } catch (error) {
        if (error instanceof StorageNotFoundError) throw mediaLinkInvalid();
        throw error;
      }
    },
  );
};
