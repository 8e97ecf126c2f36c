import {
  listScheduledStreamsQuerySchema,
  scheduledStreamInputSchema,
  scheduledStreamListSchema,
  scheduledStreamSchema,
} from '@relaycast/shared/stream-schedule';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { idParams } from '../../lib/id-params';
import {
  createScheduledStream,
  deleteScheduledStream,
  dismissScheduledStream,
  getScheduledStream,
  listDueStreams,
  listScheduledStreams,
  type ScheduleOwner,
  updateScheduledStream,
} from './stream-schedule.service';

async function ownerOf(request: FastifyRequest): Promise<ScheduleOwner> {
  const { user, workspace } = await request.requireWorkspace();
  return { userId: user.id, workspaceId: workspace.id };
}

/** `/api/scheduled-streams`: the user's planned streams (packages/shared/src/stream-schedule.ts). */
export const streamScheduleRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/scheduled-streams',
    {
      schema: { querystring: listScheduledStreamsQuerySchema, response: { 200: scheduledStreamListSchema } },
    },
    async (request) => ({ streams: await listScheduledStreams(db, await ownerOf(request), request.query) }),
  );

  app.get(
    '/api/scheduled-streams/due',
    { schema: { response: { 200: scheduledStreamListSchema } } },
    async (request) => ({ streams: await listDueStreams(db, await ownerOf(request)) }),
  );

  app.get(
    '/api/scheduled-streams/:id',
    { schema: { params: idParams, response: { 200: scheduledStreamSchema } } },
    async (request) => getScheduledStream(db, await ownerOf(request), request.params.id),
  );

  app.post(
    '/api/scheduled-streams',
    {
      config: { permission: 'stream' },
      schema: { body: scheduledStreamInputSchema, response: { 201: scheduledStreamSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createScheduledStream(db, await ownerOf(request), request.body)),
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
    async (request) => updateScheduledStream(db, await ownerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/scheduled-streams/:id/dismiss',
    {
      config: { permission: 'stream' },
      schema: { params: idParams, response: { 200: scheduledStreamSchema } },
    },
    async (request) => dismissScheduledStream(db, await ownerOf(request), request.params.id),
  );

  app.delete(
    '/api/scheduled-streams/:id',
    { config: { permission: 'stream' }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteScheduledStream(db, await ownerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
