import {
  postWatermarkChoiceSchema,
  WATERMARK_MESSAGES,
  watermarkApplyInputSchema,
  watermarkApplyQuerySchema,
  watermarkApplyStatusSchema,
  watermarkDefaultInputSchema,
  watermarkInputSchema,
  watermarkListSchema,
  watermarkSchema,
} from '@relaycast/shared/watermarks';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { readWatermarkApply, startWatermarkApply } from './watermark-apply';
import {
  createWatermark,
  deleteWatermark,
  listWatermarks,
  readPostWatermark,
  setAccountDefault,
  updateWatermark,
} from './watermarks.service';

export interface WatermarksRoutesOptions {
  db: Db;
}

/**
 * Saved watermarks and the accounts' defaults (docs/watermarks.md): workspace settings, changed by the roles
 * that change settings (`manageWorkspace`), read by every member. A post's choice is written with the post, and
 * "Apply now" (burning it into the post's files ahead of publishing) needs what writing a post needs.
 */
export const watermarksRoutes: FastifyPluginAsyncZod<WatermarksRoutesOptions> = async (app, { db }) => {
  app.get('/api/watermarks', { schema: { response: { 200: watermarkListSchema } } }, async (request) =>
    listWatermarks(db, (await callerOf(request)).workspaceId),
  );

  app.post(
    '/api/watermarks',
    {
      config: { permission: 'manageWorkspace' },
      schema: { body: watermarkInputSchema, response: { 201: watermarkSchema } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      return reply.status(201).send(await createWatermark(db, caller.workspaceId, request.body));
    },
  );

  app.put(
    '/api/watermarks/:id',
    {
      config: { permission: 'manageWorkspace' },
      schema: { params: idParams, body: watermarkInputSchema, response: { 200: watermarkSchema } },
    },
    async (request) =>
      updateWatermark(db, (await callerOf(request)).workspaceId, request.params.id, request.body),
  );

  app.delete(
    '/api/watermarks/:id',
    { config: { permission: 'manageWorkspace' }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteWatermark(db, (await callerOf(request)).workspaceId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/watermarks/defaults/:id',
    {
      config: { permission: 'manageWorkspace' },
      schema: { params: idParams, body: watermarkDefaultInputSchema, response: { 200: watermarkListSchema } },
    },
    async (request) => {
      const { workspaceId } = await callerOf(request);
      await setAccountDefault(db, workspaceId, request.params.id, request.body.watermarkId);
      return listWatermarks(db, workspaceId);
    },
  );

  app.get(
    '/api/watermarks/posts/:id',
    { schema: { params: idParams, response: { 200: postWatermarkChoiceSchema } } },
    async (request) => {
      const { workspaceId } = await callerOf(request);
      const [post] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.workspaceId, workspaceId), eq(posts.id, request.params.id)))
        .limit(1);
      if (!post) throw new AppError('NOT_FOUND', { message: WATERMARK_MESSAGES.notFound });
      return readPostWatermark(db, post.id);
    },
  );

  app.post(
    '/api/watermarks/apply',
    {
      config: { permission: 'write' },
      schema: { body: watermarkApplyInputSchema, response: { 202: watermarkApplyStatusSchema } },
    },
    async (request, reply) => {
      const { workspaceId } = await callerOf(request);
      return reply.status(202).send(await startWatermarkApply(db, app.jobs, workspaceId, request.body));
    },
  );

  app.get(
    '/api/watermarks/apply',
    { schema: { querystring: watermarkApplyQuerySchema, response: { 200: watermarkApplyStatusSchema } } },
    async (request) => {
      const { workspaceId } = await callerOf(request);
      const { watermarkId, mediaIds } = request.query;
      return readWatermarkApply(db, workspaceId, watermarkId, mediaIds);
    },
  );
};
