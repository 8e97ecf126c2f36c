import path from 'node:path';
import {
  feedInputSchema,
  feedItemListSchema,
  feedListSchema,
  feedSchema,
  feedUpdateSchema,
} from '@relaycast/shared/feeds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { addressPolicy } from '../../lib/address-policy';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { createSafeFetch } from '../../lib/safe-fetch';
import type { PublishingEngine } from '../publishing/publishing-engine';
import {
  createFeed,
  deleteFeed,
  findFeed,
  listFeedItems,
  listFeeds,
  toFeed,
  updateFeed,
} from './feeds.service';
import { type FeedPollDeps, pollFeedNow } from './feeds-poll';

export interface FeedsRoutesOptions {
  db: Db;
  config: Config;
  engine: PublishingEngine;
}

/**
 * `/api/feeds` (docs/feeds.md): a workspace's RSS and Atom feeds, added, changed, removed and checked now, scoped
 * to the caller's workspace. Changing one needs `write`, as the posts its items become do.
 */
export const feedsRoutes: FastifyPluginAsyncZod<FeedsRoutesOptions> = async (app, { db, config, engine }) => {
  const policy = addressPolicy(config.allowPrivateAddresses);
  const pollDeps: FeedPollDeps = {
    db,
    config,
    policy,
    // "Check now" attaches items' images as the sweep does (feeds.jobs.ts).
    media: {
      doFetch: createSafeFetch(policy),
      processor: app.mediaProcessor,
      storage: app.mediaStorage,
      disk: app.diskGuard,
      tempDir: path.join(config.dataDir, 'tmp', 'feeds'),
    },
    schedulePosts: (ids) => engine.schedulePosts(ids),
  };

  app.get('/api/feeds', { schema: { response: { 200: feedListSchema } } }, async (request) => {
    const caller = await callerOf(request);
    return { items: await listFeeds(db, caller.workspaceId) };
  });

  app.post(
    '/api/feeds',
    { config: { permission: 'write' }, schema: { body: feedInputSchema, response: { 201: feedSchema } } },
    async (request, reply) => {
      const caller = await callerOf(request);
      return reply.code(201).send(await createFeed(db, policy, caller, request.body));
    },
  );

  app.patch(
    '/api/feeds/:id',
    {
      config: { permission: 'write' },
      schema: { params: idParams, body: feedUpdateSchema, response: { 200: feedSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      return updateFeed(db, policy, caller, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/feeds/:id',
    { config: { permission: 'write' }, schema: { params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const caller = await callerOf(request);
      await deleteFeed(db, caller.workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/feeds/:id/items',
    { schema: { params: idParams, response: { 200: feedItemListSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      return { items: await listFeedItems(db, caller.workspaceId, request.params.id) };
    },
  );

  /** "Check now": fetches the feed during the request (capped in time) and answers its new status. */
  app.post(
    '/api/feeds/:id/check',
    { config: { permission: 'write' }, schema: { params: idParams, response: { 200: feedSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      await findFeed(db, caller.workspaceId, request.params.id);
      await pollFeedNow(pollDeps, caller.workspaceId, request.params.id);
      return toFeed(await findFeed(db, caller.workspaceId, request.params.id));
    },
  );
};
