import {
  listPostsQuerySchema,
  postInputSchema,
  postListSchema,
  postSchema,
  rescheduleInputSchema,
} from '@relaycast/shared/posts';
import { POSTS_PAGE_MEDIA_TYPE } from '@relaycast/shared/posts-page';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams, idSchema } from '../../lib/id-params';
import { jsonBodySerializer } from '../../lib/json-body';
import { cancelHeldTarget, confirmTargetPosted, retryTarget } from '../publishing/publishing.service';
import { retryFirstComment } from '../publishing/publishing-comment';
import type { PublishingEngine } from '../publishing/publishing-engine';
import { configuredShortLinkBase } from '../short-links/short-links.service';
import { assertPublishingOpen } from '../workspaces/plan-status';
import { getPost, listPosts, listPostsPage } from './posts.queries';
import {
  createPost,
  deletePost,
  duplicatePost,
  reschedulePost,
  restorePost,
  updatePost,
} from './posts.service';

/** `POST /api/posts/:id/targets/:targetId/{retry,confirm,cancel}`. */
const targetParams = idParams.extend({ targetId: idSchema });

/**
 * `/api/posts`: the workspace's drafts and scheduled posts (composer, drafts list, calendar), and
 * `/api/posts/:id/targets/:targetId/…`: the user's decisions on one target of a post (Retry / Publish again /
 * Publish now, "It was posted", Cancel), carried out by the publishing module.
 */
// function-budget: one module's routes in one plugin; each handler is one call and the routes share its setup
export const postsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  engine: PublishingEngine;
  config: Config;
}> = async (app, { db, engine, config }) => {
  // Where links made at publish are served: a post's text is counted with them when it will be shortened.
  const shortLinkBase = configuredShortLinkBase(config);
  /** After a write: the post's targets go out at their instant (the pump looks now only if that is near). */
  async function scheduled<T extends { id: string; status?: string; scheduledAt?: string | null }>(
    post: T,
  ): Promise<T> {
    const dueAt = post.status === 'scheduled' && post.scheduledAt ? new Date(post.scheduledAt) : undefined;
    await engine.schedulePost(post.id, dueAt);
    return post;
  }

  app.get(
    '/api/posts',
    {
      schema: { querystring: listPostsQuerySchema, response: { 200: postListSchema } },
      // The calendar's page is the busiest answer of the app: checking a hundred posts against the schema on
      // every request cost more than a tenth of it (docs/decisions/0052). `decodePostsPage` builds each post
      // field by field, typed as `Post`; posts.test.ts checks the answer against postListSchema instead.
      serializerCompiler: () => jsonBodySerializer,
    },
    async (request, reply) => {
      const { workspaceId } = await callerOf(request);
      reply.header('vary', 'accept');
      // The web app asks for the page as the database wrote it and decodes it itself: parsing, mapping and
      // writing it again was half the server's time on the calendar (docs/decisions/0132).
      if (String(request.headers.accept ?? '').includes(POSTS_PAGE_MEDIA_TYPE)) {
        const page = await listPostsPage(db, workspaceId, request.query);
        // A string is sent as it is: the page's JSON, not the schema's list (typed for the default answer).
        return reply.type(POSTS_PAGE_MEDIA_TYPE).send(page as never);
      }
      return { posts: await listPosts(db, workspaceId, request.query) };
    },
  );

  app.get(
    '/api/posts/:id',
    { schema: { params: idParams, response: { 200: postSchema } } },
    async (request) => {
      const { workspaceId } = await callerOf(request);
      return getPost(db, workspaceId, request.params.id);
    },
  );

  app.post(
    '/api/posts',
    { schema: { body: postInputSchema, response: { 201: postSchema } } },
    async (request, reply) => {
      const caller = await callerOf(request);
      if (request.body.action !== 'draft') assertPublishingOpen(caller, config.billingMode);
      const post = await scheduled(await createPost(db, caller, request.body, new Date(), shortLinkBase));
      return reply.status(201).send(post);
    },
  );

  app.put(
    '/api/posts/:id',
    { schema: { params: idParams, body: postInputSchema, response: { 200: postSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      if (request.body.action !== 'draft') assertPublishingOpen(caller, config.billingMode);
      return scheduled(
        await updatePost(db, caller, request.params.id, request.body, new Date(), shortLinkBase),
      );
    },
  );

  app.patch(
    '/api/posts/:id/schedule',
    {
      // `write`: a contributor's move goes to approval (modules/approvals) rather than being refused.
      schema: { params: idParams, body: rescheduleInputSchema, response: { 200: postSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      assertPublishingOpen(caller, config.billingMode);
      return scheduled(
        await reschedulePost(db, caller, request.params.id, request.body, new Date(), shortLinkBase),
      );
    },
  );

  app.post(
    '/api/posts/:id/duplicate',
    { schema: { params: idParams, response: { 201: postSchema } } },
    async (request, reply) => {
      const post = await duplicatePost(db, await callerOf(request), request.params.id);
      return reply.status(201).send(post);
    },
  );

  app.delete(
    '/api/posts/:id',
    { schema: { params: idParams, response: { 200: postSchema } } },
    async (request) => {
      const post = await deletePost(db, await callerOf(request), request.params.id);
      await engine.cancelPost(post.id);
      return post;
    },
  );

  app.post(
    '/api/posts/:id/restore',
    { schema: { params: idParams, response: { 200: postSchema } } },
    async (request) => scheduled(await restorePost(db, await callerOf(request), request.params.id)),
  );

  const targetActions = {
    retry: retryTarget,
    confirm: confirmTargetPosted,
    cancel: cancelHeldTarget,
  } as const;
  for (const [action, change] of Object.entries(targetActions)) {
    app.post(
      `/api/posts/:id/targets/:targetId/${action}`,
      {
        config: { permission: 'publish' },
        schema: { params: targetParams, response: { 200: postSchema } },
      },
      async (request) => {
        const caller = await callerOf(request);
        if (action === 'retry') assertPublishingOpen(caller, config.billingMode);
        const { workspaceId } = caller;
        await change(db, workspaceId, request.params.id, request.params.targetId);
        if (action === 'retry') await engine.schedulePost(request.params.id);
        return getPost(db, workspaceId, request.params.id);
      },
    );
  }

  // "Retry comment": the post went out, its first comment failed; only the comment is sent again.
  app.post(
    '/api/posts/:id/targets/:targetId/retry-comment',
    {
      config: { permission: 'publish' },
      schema: { params: targetParams, response: { 200: postSchema } },
    },
    async (request) => {
      const { workspaceId } = await callerOf(request);
      const { id, targetId } = request.params;
      await retryFirstComment(db, config, workspaceId, id, targetId);
      return getPost(db, workspaceId, id);
    },
  );
};
