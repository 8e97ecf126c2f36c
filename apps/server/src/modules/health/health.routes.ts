import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

const healthy = z.object({ status: z.literal('ok'), db: z.literal('ok') });
const unhealthy = z.object({ status: z.literal('error'), db: z.literal('unreachable'), reason: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/health',
    { config: { auth: 'public' }, schema: { response: { 200: healthy, 503: unhealthy } } },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'health check: database unreachable');
        const reason = err instanceof Error && err.message ? err.message : 'the database did not answer';
        return reply.status(503).send({ status: 'error', db: 'unreachable', reason });
      }
    },
  );
};
