import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { defineSweep, WORKER_ROLES } from '../../lib/background-work';
import { NODE_HEARTBEAT_MS } from '../nodes/nodes.service';
import { failLapsedStreams } from './stream-placement';
import { STREAM_VIEWERS_EVERY_MS, sweepStreamViewers } from './stream-viewers';

export interface StreamingJobContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * Every 10 seconds: the streams whose node died (their lease lapsed) are failed with the reason the studio shows
 * (stream-placement.ts, decision 0113); rows are locked, so two workers never fail one twice.
 * Every minute: the viewers of live streams, read from the platforms' APIs (stream-viewers.ts). Each live
 * destination is claimed before it is read, so every worker process shares the work.
 */
export const STREAMING_JOBS = [
  defineSweep<StreamingJobContext>({
    name: 'stream leases',
    everyMs: NODE_HEARTBEAT_MS,
    roles: WORKER_ROLES,
    single: false,
    // Its tests call failLapsedStreams.
    underTest: 'off',
    failureLevel: 'warn',
    handler: ({ db }) => failLapsedStreams(db),
  }),
  defineSweep<StreamingJobContext>({
    name: 'stream viewers',
    everyMs: STREAM_VIEWERS_EVERY_MS,
    roles: WORKER_ROLES,
    single: false,
    // Its tests call sweepStreamViewers with the time they need.
    underTest: 'off',
    failureLevel: 'warn',
    handler: ({ db, config, log }) => sweepStreamViewers(db, config, { log }),
  }),
];
