import type { Db } from '../../db/client';
import { defineSweep, WORKER_ROLES } from '../../lib/background-work';
import { forgetGoneNodes } from './nodes.service';

export interface NodesJobContext {
  db: Db;
}

/** `nodes sweep`: forgets the nodes unseen for a day (nodes.service.ts), hourly, on one worker at a time. */
export const NODES_JOBS = [
  defineSweep<NodesJobContext>({
    name: 'nodes sweep',
    everyMs: 60 * 60 * 1000,
    roles: WORKER_ROLES,
    single: true,
    // Its test calls forgetGoneNodes itself.
    underTest: 'off',
    handler: ({ db }) => forgetGoneNodes(db),
  }),
];
