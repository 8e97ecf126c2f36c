import path from 'node:path';
import { createImageEditSchema } from '@relaycast/shared/image-edit';
import { mediaItemSchema } from '@relaycast/shared/media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { Semaphore } from '../../lib/semaphore';
import { toMediaItem } from '../media/media.service';
import { prepareTempDir } from '../media/media-upload';
import { mediaLimitsOf } from '../workspaces/workspaces.service';
import { createImageEdit } from './image-editor.service';

export interface ImageEditorRoutesOptions {
  db: Db;
  config: Config;
}

/**
 * Renders at once in this process: each takes a core for up to a second or so (docs/image-editor.md). Others wait
 * their turn, up to MAX_WAITING_RENDERS; beyond that a request is refused at once (429).
 */
const MAX_CONCURRENT_RENDERS = 2;
const MAX_WAITING_RENDERS = 8;

/**
 * The image editor (docs/image-editor.md): `POST /api/media/:id/edits` renders a recipe from one of the
 * workspace's images on the server and answers the new library file (201). Uploading's permission (`write`),
 * another workspace's image is not found (404), a recipe the schema refuses is 400.
 */
export const imageEditorRoutes: FastifyPluginAsyncZod<ImageEditorRoutesOptions> = async (app, options) => {
  const { db, config } = options;
  const tempDir = path.join(config.dataDir, 'tmp', 'image-editor');
  await prepareTempDir(tempDir);
  const renders = new Semaphore(MAX_CONCURRENT_RENDERS);

  app.post(
    '/api/media/:id/edits',
    {
      config: { permission: 'write' },
      schema: { params: idParams, body: createImageEditSchema, response: { 201: mediaItemSchema } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      if (renders.queued >= MAX_WAITING_RENDERS) throw new AppError('RATE_LIMITED');
      // A client that goes away stops ffmpeg too.
      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      await renders.acquire();
      try {
        const row = await createImageEdit(
          {
            db,
            storage: app.mediaStorage,
            processor: app.mediaProcessor,
            ffmpegPath: config.ffmpegPath,
            tempDir,
            log: request.log,
          },
          {
            workspaceId: caller.workspaceId,
            userId: caller.userId,
            limits: mediaLimitsOf(caller, config),
            sourceId: request.params.id,
            recipe: request.body.recipe,
            name: request.body.name,
          },
          controller.signal,
        );
        return reply.status(201).send(toMediaItem(row));
      } finally {
        renders.release();
      }
    },
  );
};
