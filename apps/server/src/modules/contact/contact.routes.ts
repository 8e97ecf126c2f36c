import { contactMessageSchema, contactReceiptSchema } from '@relaycast/shared/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { submitContactMessage } from './contact.service';
import { CONTACT_NOTIFY_JOB } from './contact-notify';

/**
 * `POST /api/contact`: the public contact form. Open to visitors; rate-limited per address and per IP. A stored
 * message is e-mailed to the server's administrators by a job (contact.jobs.ts) and listed on /admin.
 */
export const contactRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  app.post(
    '/api/contact',
    {
      config: { auth: 'public' },
      schema: { body: contactMessageSchema, response: { 201: contactReceiptSchema } },
    },
    async (request, reply) => {
      const { id, receivedAt } = await submitContactMessage(db, request.body, {
        ipAddress: request.ip || null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      if (config.adminEmails.length > 0) await app.jobs.send(CONTACT_NOTIFY_JOB, { messageId: id });
      return reply.status(201).send({ receivedAt });
    },
  );
};
