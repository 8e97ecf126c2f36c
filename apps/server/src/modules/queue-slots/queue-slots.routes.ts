import {
  openSlotsQuerySchema,
  openSlotsSchema,
  queueFillInputSchema,
  queueScheduleInputSchema,
  queueScheduleListSchema,
  queueScheduleSchema,
} from '@relaycast/shared/queue-slots';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { fillFromBestTimes, listSchedules, openSlots, saveSchedule } from './queue-slots.service';

export interface QueueSlotsRoutesOptions {
  db: Db;
}

/**
 * Queue slots (docs/queue-slots.md): each account's posting schedule, read by every member and changed by the
 * roles that publish (`publish`: editors and up), as they decide when the queue's posts go out.
 */
export const queueSlotsRoutes: FastifyPluginAsyncZod<QueueSlotsRoutesOptions> = async (app, { db }) => {
  app.get('/api/queue-slots', { schema: { response: { 200: queueScheduleListSchema } } }, async (request) =>
    listSchedules(db, (await callerOf(request)).workspaceId),
  );

  app.get(
    '/api/queue-slots/open',
    { schema: { querystring: openSlotsQuerySchema, response: { 200: openSlotsSchema } } },
    async (request) => openSlots(db, (await callerOf(request)).workspaceId, request.query),
  );

  app.put(
    '/api/queue-slots/:id',
    {
      config: { permission: 'publish' },
      schema: { params: idParams, body: queueScheduleInputSchema, response: { 200: queueScheduleSchema } },
    },
    async (request) =>
      saveSchedule(db, (await callerOf(request)).workspaceId, request.params.id, request.body),
  );

  app.post(
    '/api/queue-slots/:id/fill-from-best-times',
    {
      config: { permission: 'publish' },
      schema: { params: idParams, body: queueFillInputSchema, response: { 200: queueScheduleSchema } },
    },
    async (request) =>
      fillFromBestTimes(db, (await callerOf(request)).workspaceId, request.params.id, request.body),
  );
};
