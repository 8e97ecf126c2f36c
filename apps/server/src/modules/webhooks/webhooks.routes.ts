import {
  createdWebhookSchema,
  createWebhookSchema,
  pauseWebhookSchema,
  WEBHOOK_MESSAGES,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from '@relaycast/shared/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  queueTestEvent,
  resendDelivery,
  setEndpointPaused,
} from './webhooks.service';

const deliveryParams = idParams.extend({ deliveryId: z.string().min(1).max(64) });

/**
 * Settings → Webhooks: `GET/POST /api/webhooks`, `DELETE /api/webhooks/:id`, `POST /api/webhooks/:id/test` and
 * `GET /api/webhooks/:id/deliveries` (the log), `POST /api/webhooks/:id/deliveries/:deliveryId/resend`,
 * `PUT /api/webhooks/:id/paused` (pause or resume). Every member sees them; owners and admins change them.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get('/api/webhooks', { schema: { response: { 200: webhookEndpointListSchema } } }, async (request) => {
    return listEndpoints(db, await callerOf(request));
  });

  app.post(
    '/api/webhooks',
    {
      config: { permission: 'manageWorkspace', permissionMessage: WEBHOOK_MESSAGES.adminOnly },
      schema: { body: createWebhookSchema, response: { 201: createdWebhookSchema } },
    },
    async (request, reply) => {
      return reply.status(201).send(await createEndpoint(db, config, await callerOf(request), request.body));
    },
  );

  app.delete(
    '/api/webhooks/:id',
    {
      config: { permission: 'manageWorkspace', permissionMessage: WEBHOOK_MESSAGES.adminOnly },
      schema: { params: idParams },
    },
    async (request, reply) => {
      const { workspaceId } = await callerOf(request);
      await deleteEndpoint(db, workspaceId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/webhooks/:id/paused',
    {
      config: { permission: 'manageWorkspace', permissionMessage: WEBHOOK_MESSAGES.adminOnly },
      schema: { params: idParams, body: pauseWebhookSchema, response: { 200: webhookEndpointSchema } },
    },
    async (request) => {
      const { workspaceId } = await callerOf(request);
      return setEndpointPaused(db, workspaceId, request.params.id, request.body.paused);
    },
  );

  app.post(
    '/api/webhooks/:id/test',
    {
      config: { permission: 'manageWorkspace', permissionMessage: WEBHOOK_MESSAGES.adminOnly },
      schema: { params: idParams },
    },
    async (request, reply) => {
      const { workspaceId } = await callerOf(request);
      await queueTestEvent(db, workspaceId, request.params.id);
      return reply.status(202).send({ queued: true });
    },
  );

  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config: { permission: 'manageWorkspace', permissionMessage: WEBHOOK_MESSAGES.adminOnly },
      schema: { params: deliveryParams },
    },
    async (request, reply) => {
      const { workspaceId } = await callerOf(request);
      await resendDelivery(db, workspaceId, request.params.id, request.params.deliveryId);
      return reply.status(202).send({ queued: true });
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    { schema: { params: idParams, response: { 200: webhookDeliveryListSchema } } },
    async (request) => {
      const { workspaceId } = await callerOf(request);
      return { deliveries: await listDeliveries(db, workspaceId, request.params.id) };
    },
  );
};
