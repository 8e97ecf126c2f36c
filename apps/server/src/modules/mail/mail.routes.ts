import { mailStatusSchema } from '@relaycast/shared/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Mailer } from './mailer';

/**
 * `GET /api/mail/status`: whether this install sends e-mail. Public, as the forgot-password page reads it before
 * anyone signs in; it tells a visitor about the install, never about an account.
 */
export const mailRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, { mailer }) => {
  app.get(
    '/api/mail/status',
    { config: { auth: 'public' }, schema: { response: { 200: mailStatusSchema } } },
    async () => ({ delivers: mailer.delivers !== false }),
  );
};
