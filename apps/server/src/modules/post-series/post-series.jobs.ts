import type { Db } from '../../db/client';
import { defineSweep, WORKER_ROLES } from '../../lib/background-work';
import type { PublishingEngine } from '../publishing/publishing-engine';
import { sweepPostSeries } from './post-series-materialise';

export interface PostSeriesJobContext {
  db: Db;
  publishing: PublishingEngine;
}

/**
 * Recurring posts (docs/recurring-posts.md, decision 0108): every minute, one process at a time extends each
 * series' window of scheduled posts; occurrences that came due while nothing ran are recorded as missed, never
 * made late. The unique occurrence rows keep each one to a single post even beside the create route. Its tests
 * call `sweepPostSeries` with the time they need.
 */
export const POST_SERIES_JOBS = [
  defineSweep<PostSeriesJobContext>({
    name: 'post series sweep',
    everyMs: 60_000,
    roles: WORKER_ROLES,
    single: true,
    underTest: 'off',
    runNow: true,
    handler: async ({ db, publishing }) => {
      await sweepPostSeries({ db, schedulePosts: (ids) => publishing.schedulePosts(ids) });
    },
  }),
];
