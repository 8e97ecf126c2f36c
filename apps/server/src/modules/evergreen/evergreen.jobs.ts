import type { Db } from '../../db/client';
import { defineSweep, WORKER_ROLES } from '../../lib/background-work';
import type { PublishingEngine } from '../publishing/publishing-engine';
import { sweepEvergreen } from './evergreen-requeue';

export interface EvergreenJobContext {
  db: Db;
  publishing: PublishingEngine;
}

/**
 * Evergreen collections (docs/evergreen.md, decision 0111): every minute, one process at a time gives each entry
 * whose latest post went out its next cycle in a free queue slot. The unique (entry, cycle) rows keep each cycle to
 * a single post even when several processes run it. Its tests call `sweepEvergreen` with the time they need.
 */
export const EVERGREEN_JOBS = [
  defineSweep<EvergreenJobContext>({
    name: 'evergreen sweep',
    everyMs: 60_000,
    roles: WORKER_ROLES,
    single: true,
    underTest: 'off',
    runNow: true,
    handler: async ({ db, publishing }) => {
      await sweepEvergreen({ db, schedulePosts: (ids) => publishing.schedulePosts(ids) });
    },
  }),
];
