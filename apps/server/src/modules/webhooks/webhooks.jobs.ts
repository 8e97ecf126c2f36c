import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { defineSweep, WORKER_ROLES } from '../../lib/background-work';
import { sendDueWebhooks, WEBHOOK_SWEEP_EVERY_MS } from './webhooks-delivery';

export interface WebhooksJobContext {
  db: Db;
  config: Config;
}

/** Sends the queued webhook deliveries (webhooks-delivery.ts); each is claimed, so every worker shares the work. */
export const WEBHOOKS_JOBS = [
  defineSweep<WebhooksJobContext>({
    name: 'webhook deliveries',
    everyMs: WEBHOOK_SWEEP_EVERY_MS,
    roles: WORKER_ROLES,
    single: false,
    // Its tests call sendDueWebhooks with the time they need.
    underTest: 'off',
    runNow: true,
    handler: ({ db, config }) => sendDueWebhooks({ db, config }),
  }),
];
