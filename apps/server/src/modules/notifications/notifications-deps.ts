import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import { addressPolicy } from '../../lib/address-policy';
import { createSafeFetch } from '../../lib/safe-fetch';
import type { Mailer } from '../mail/mailer';
import type { NotifyDeps } from './notifications.service';
import { createPushSender, vapidSubjectOf } from './notifications-push';
import { loadOrCreateVapidKeys } from './notifications-vapid';

/**
 * Everything sending a notification needs, built once per process (app.ts): the mailer, and a Web Push sender
 * signing with the VAPID keys of the data folder and sending through the address-checked fetch.
 */
export function createNotifyDeps(options: {
  config: Pick<Config, 'dataDir' | 'publicUrl' | 'mailFrom' | 'allowPrivateAddresses'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Tests: another fetch for push services. */
  fetcher?: typeof fetch;
}): NotifyDeps {
  const { config } = options;
  const push = createPushSender({
    keys: loadOrCreateVapidKeys(config.dataDir),
    subject: vapidSubjectOf(config.mailFrom, config.publicUrl),
    fetcher: options.fetcher ?? createSafeFetch(addressPolicy(config.allowPrivateAddresses)),
  });
  return { mailer: options.mailer, push, publicUrl: config.publicUrl, log: options.log };
}
