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
import { idParams } from '../../lib/id-params';
import {
  canManageWebhooks,
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
    const { workspace } = await request.requireWorkspace();
    return { endpoints: await listEndpoints(db, workspace), canManage: canManageWebhooks(workspace) };
  });

  app.post(
    '/api/webhooks',
    {
      config: { permission: 'manageWorkspace', permissionMessage: WEBHOOK_MESSAGES.adminOnly },
      schema: { body: createWebhookSchema, response: { 201: createdWebhookSchema } },
    },
    async (request, reply) => {
      const { user, workspace } = await request.requireWorkspace();
      return reply.status(201).send(await createEndpoint(db, config, workspace, user.id, request.body));
    },
  );

  app.delete(
    '/api/webhooks/:id',
    {
      config: { permission: 'manageWorkspace', permissionMessage: WEBHOOK_MESSAGES.adminOnly },
      schema: { params: idParams },
    },
    async (request, reply) => {
      const { workspace } = await request.requireWorkspace();
      await deleteEndpoint(db, workspace, request.params.id);
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
      const { workspace } = await request.requireWorkspace();
      return setEndpointPaused(db, workspace, request.params.id, request.body.paused);
    },
  );

  app.post(
    '/api/webhooks/:id/test',
    {
      config: { permission: 'manageWorkspace', permissionMessage: WEBHOOK_MESSAGES.adminOnly },
      schema: { params: idParams },
    },
    async (request, reply) => {
      const { workspace } = await request.requireWorkspace();
      await queueTestEvent(db, workspace, request.params.id);
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
      const { workspace } = await request.requireWorkspace();
      await resendDelivery(db, workspace, request.params.id, request.params.deliveryId);
      return reply.status(202).send({ queued: true });
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    { schema: { params: idParams, response: { 200: webhookDeliveryListSchema } } },
    async (request) => {
      const { workspace } = await request.requireWorkspace();
      return { deliveries: await listDeliveries(db, workspace.id, request.params.id) };
    },
  );
};
