import path from 'node:path';
import type { TestApp } from '../../../test/test-app';
import type { AddressPolicy } from '../../lib/address-policy';
import { createSafeFetch } from '../../lib/safe-fetch';
import type { FeedPollDeps } from './feeds-poll';

/** The poller's dependencies on a test app, as feeds.routes.ts builds them ("Check now"). */
export function feedPollDepsOf(app: TestApp, policy: AddressPolicy): FeedPollDeps {
  return {
    db: app.db,
    config: app.config,
    policy,
    media: {
      doFetch: createSafeFetch(policy),
      processor: app.app.mediaProcessor,
      storage: app.app.mediaStorage,
      disk: app.app.diskGuard,
      tempDir: path.join(app.config.dataDir, 'tmp', 'feeds'),
    },
    schedulePosts: async () => {},
  };
}
