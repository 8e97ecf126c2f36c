import {
  createdSeriesSchema,
  postSeriesListSchema,
  postSeriesSchema,
  seriesInputSchema,
} from '@relaycast/shared/post-series';
import { postSchema } from '@relaycast/shared/posts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams, idSchema } from '../../lib/id-params';
import { getPost } from '../posts/posts.queries';
import type { PublishingEngine } from '../publishing/publishing-engine';
import { assertPublishingOpen } from '../workspaces/plan-status';
import { getSeries, listSeries } from './post-series.queries';
import { createSeries, deleteSeriesFrom, detachPost, updateSeriesFrom } from './post-series.service';

/** `/api/post-series/:id/…/:postId`: one occurrence's post of a series. */
const occurrenceParams = idParams.extend({ postId: idSchema });

/**
 * `/api/post-series`: recurring posts (docs/recurring-posts.md, decision 0108). Creating or editing "this and
 * following" answers the series and the posts it made; their jobs are sent as any post's.
 */
// function-budget: one module's routes in one plugin; each handler is a call or two
export const postSeriesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  engine: PublishingEngine;
  config: Config;
}> = async (app, { db, engine, config }) => {
  async function answer(workspaceId: string, seriesId: string, postIds: readonly string[]) {
    await engine.schedulePosts(postIds);
    const posts = await Promise.all(postIds.map((id) => getPost(db, workspaceId, id)));
    return { series: await getSeries(db, workspaceId, seriesId), posts };
  }

  app.get('/api/post-series', { schema: { response: { 200: postSeriesListSchema } } }, async (request) => ({
    series: await listSeries(db, (await callerOf(request)).workspaceId),
  }));

  app.get(
    '/api/post-series/:id',
    { schema: { params: idParams, response: { 200: postSeriesSchema } } },
    async (request) => getSeries(db, (await callerOf(request)).workspaceId, request.params.id),
  );

  app.post(
    '/api/post-series',
    { schema: { body: seriesInputSchema, response: { 201: createdSeriesSchema } } },
    async (request, reply) => {
      const caller = await callerOf(request);
      assertPublishingOpen(caller, config.billingMode);
      const made = await createSeries(db, caller, request.body);
      return reply.status(201).send(await answer(caller.workspaceId, made.seriesId, made.postIds));
    },
  );

  app.put(
    '/api/post-series/:id/from/:postId',
    {
      // It deletes the scheduled posts it replaces, as "Delete this and following" does.
      config: { permission: 'publish' },
      schema: { params: occurrenceParams, body: seriesInputSchema, response: { 200: createdSeriesSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      assertPublishingOpen(caller, config.billingMode);
      const { id, postId } = request.params;
      const made = await updateSeriesFrom(db, caller, id, postId, request.body);
      for (const deleted of made.deletedPostIds) await engine.cancelPost(deleted);
      return answer(caller.workspaceId, made.seriesId, made.postIds);
    },
  );

  app.delete(
    '/api/post-series/:id/from/:postId',
    {
      // Deleting scheduled posts, as the calendar's delete of a scheduled post (permissionToRemove).
      config: { permission: 'publish' },
      schema: {
        params: occurrenceParams,
        response: { 200: z.object({ deletedPostIds: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const { id, postId } = request.params;
      const deletedPostIds = await deleteSeriesFrom(db, caller, id, postId);
      for (const deleted of deletedPostIds) await engine.cancelPost(deleted);
      return { deletedPostIds };
    },
  );

  app.post(
    '/api/post-series/:id/detach/:postId',
    { schema: { params: occurrenceParams, response: { 200: postSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      await detachPost(db, caller, request.params.id, request.params.postId);
      return getPost(db, caller.workspaceId, request.params.postId);
    },
  );
};
