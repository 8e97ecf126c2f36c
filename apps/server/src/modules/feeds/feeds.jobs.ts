import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { addressPolicy } from '../../lib/address-policy';
import { defineSweep, WORKER_ROLES } from '../../lib/background-work';
import type { PublishingEngine } from '../publishing/publishing-engine';
import { sweepFeeds } from './feeds-poll';

export interface FeedsJobContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
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
    handler: ({ db, config, log, publishing }) =>
      sweepFeeds(
        {
          db,
          config,
          policy: addressPolicy(config.allowPrivateAddresses),
          schedulePosts: (ids) => publishing.schedulePosts(ids),
        },
        (error) => log.warn({ err: error }, 'a feed fetch failed unexpectedly'),
      ),
  }),
];
