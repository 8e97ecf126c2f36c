import { contactMessageSchema, contactReceiptSchema } from '@relaycast/shared/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { submitContactMessage } from './contact.service';

/** `POST /api/contact`: the public contact form. Open to visitors; rate-limited per address and per IP. */
export const contactRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/contact',
    {
      config: { auth: 'public' },
      schema: { body: contactMessageSchema, response: { 201: contactReceiptSchema } },
    },
    async (request, reply) => {
      const receipt = await submitContactMessage(db, request.body, {
        ipAddress: request.ip || null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return reply.status(201).send(receipt);
    },
  );
};
