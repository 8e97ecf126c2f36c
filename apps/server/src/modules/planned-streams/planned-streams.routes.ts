import {
  listPlannedStreamsQuerySchema,
  plannedStreamInputSchema,
  plannedStreamListSchema,
  plannedStreamSchema,
} from '@relaycast/shared/planned-streams';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import {
  createPlannedStream,
  deletePlannedStream,
  dismissPlannedStream,
  getPlannedStream,
  listDueStreams,
  listPlannedStreams,
  updatePlannedStream,
} from './planned-streams.service';

/** `/api/scheduled-streams`: the user's planned streams (packages/shared/src/planned-streams.ts). */
export const plannedStreamsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/scheduled-streams',
    {
      schema: { querystring: listPlannedStreamsQuerySchema, response: { 200: plannedStreamListSchema } },
    },
    async (request) => ({ streams: await listPlannedStreams(db, await callerOf(request), request.query) }),
  );

  app.get(
    '/api/scheduled-streams/due',
    { schema: { response: { 200: plannedStreamListSchema } } },
    async (request) => ({ streams: await listDueStreams(db, await callerOf(request)) }),
  );

  app.get(
    '/api/scheduled-streams/:id',
    { schema: { params: idParams, response: { 200: plannedStreamSchema } } },
    async (request) => getPlannedStream(db, await callerOf(request), request.params.id),
  );

  app.post(
    '/api/scheduled-streams',
    {
      config: { permission: 'stream' },
      schema: { body: plannedStreamInputSchema, response: { 201: plannedStreamSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createPlannedStream(db, await callerOf(request), request.body)),
  );

  app.put(
    '/api/scheduled-streams/:id',
    {
      config: { permission: 'stream' },
      schema: {
        params: idParams,
        body: plannedStreamInputSchema,
        response: { 200: plannedStreamSchema },
      },
    },
    async (request) => updatePlannedStream(db, await callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/scheduled-streams/:id/dismiss',
    {
      config: { permission: 'stream' },
      schema: { params: idParams, response: { 200: plannedStreamSchema } },
    },
    async (request) => dismissPlannedStream(db, await callerOf(request), request.params.id),
  );

  app.delete(
    '/api/scheduled-streams/:id',
    { config: { permission: 'stream' }, schema: { params: idParams } },
    async (request, reply) => {
      await deletePlannedStream(db, await callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
