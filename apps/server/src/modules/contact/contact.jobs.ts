import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { defineJob, WORKER_ROLES } from '../../lib/background-work';
import type { Mailer } from '../mail/mailer';
import { CONTACT_NOTIFY_JOB, contactNotifyPayloadSchema, notifyAdministrators } from './contact-notify';

export interface ContactJobContext {
  db: Db;
  config: Config;
  mailer: Mailer;
}

/**
 * `contact-message-notify`: a message from the contact form e-mailed to the server's administrators
 * (ADMIN_EMAILS), who read it on /admin and answer the sender.
 */
export const CONTACT_JOBS = [
  defineJob<ContactJobContext, typeof contactNotifyPayloadSchema>({
    name: CONTACT_NOTIFY_JOB,
    schema: contactNotifyPayloadSchema,
    roles: WORKER_ROLES,
    tuning: { workers: 1, batchSize: 1 },
    handler: async (payload, context) => {
      await notifyAdministrators(context, payload.messageId);
    },
  }),
];
