import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { addressPolicy } from '../../lib/address-policy';
import { defineSweep, WORKER_ROLES } from '../../lib/background-work';
import type { MediaStorage } from '../../lib/media/storage';
import { createSafeFetch } from '../../lib/safe-fetch';
import { mediaImportDepsOf } from '../media/media.jobs';
import type { PublishingEngine } from '../publishing/publishing-engine';
import { sweepFeeds } from './feeds-poll';

export interface FeedsJobContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  storage: MediaStorage;
  publishing: PublishingEngine;
}

/**
 * The feed poller (feeds-poll.ts, docs/feeds.md): each feed waits for its own next fetch, so the sweep only looks
 * for due ones, every minute. Feeds are claimed, so every worker process shares the work; the unique (feed, item)
 * row keeps each item to one post even if two processes fetched one feed. Its tests call the sweep themselves.
 */
export const FEEDS_JOBS = [
  defineSweep<FeedsJobContext>({
    name: 'feeds sweep',
    everyMs: 60_000,
    roles: WORKER_ROLES,
    single: false,
    underTest: 'off',
    failureLevel: 'warn',
    handler: (context) => {
      const { db, config, log, publishing } = context;
      const policy = addressPolicy(config.allowPrivateAddresses);
      // Items' images are fetched with the media import's prober and disk guard, into a folder of their own.
      const { processor, disk, storage } = mediaImportDepsOf(context);
      return sweepFeeds(
        {
          db,
          config,
          policy,
          media: {
            doFetch: createSafeFetch(policy),
            processor,
            storage,
            disk,
            tempDir: path.join(config.dataDir, 'tmp', 'feeds'),
          },
          schedulePosts: (ids) => publishing.schedulePosts(ids),
        },
        (error) => log.warn({ err: error }, 'a feed fetch failed unexpectedly'),
      );
    },
  }),
];
