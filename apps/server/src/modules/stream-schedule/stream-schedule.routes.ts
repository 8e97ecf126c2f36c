import {
  listScheduledStreamsQuerySchema,
  scheduledStreamInputSchema,
  scheduledStreamListSchema,
  scheduledStreamSchema,
} from '@relaycast/shared/stream-schedule';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import {
  createScheduledStream,
  deleteScheduledStream,
  dismissScheduledStream,
  getScheduledStream,
  listDueStreams,
  listScheduledStreams,
  updateScheduledStream,
} from './stream-schedule.service';

/** `/api/scheduled-streams`: the user's planned streams (packages/shared/src/stream-schedule.ts). */
export const streamScheduleRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/scheduled-streams',
    {
      schema: { querystring: listScheduledStreamsQuerySchema, response: { 200: scheduledStreamListSchema } },
    },
    async (request) => ({ streams: await listScheduledStreams(db, await callerOf(request), request.query) }),
  );

  app.get(
    '/api/scheduled-streams/due',
    { schema: { response: { 200: scheduledStreamListSchema } } },
    async (request) => ({ streams: await listDueStreams(db, await callerOf(request)) }),
  );

  app.get(
    '/api/scheduled-streams/:id',
    { schema: { params: idParams, response: { 200: scheduledStreamSchema } } },
    async (request) => getScheduledStream(db, await callerOf(request), request.params.id),
  );

  app.post(
    '/api/scheduled-streams',
    {
      config: { permission: 'stream' },
      schema: { body: scheduledStreamInputSchema, response: { 201: scheduledStreamSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createScheduledStream(db, await callerOf(request), request.body)),
  );

  app.put(
    '/api/scheduled-streams/:id',
    {
      config: { permission: 'stream' },
      schema: {
        params: idParams,
        body: scheduledStreamInputSchema,
        response: { 200: scheduledStreamSchema },
      },
    },
    async (request) => updateScheduledStream(db, await callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/scheduled-streams/:id/dismiss',
    {
      config: { permission: 'stream' },
      schema: { params: idParams, response: { 200: scheduledStreamSchema } },
    },
    async (request) => dismissScheduledStream(db, await callerOf(request), request.params.id),
  );

  app.delete(
    '/api/scheduled-streams/:id',
    { config: { permission: 'stream' }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteScheduledStream(db, await callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
