import {
  deletePushSubscriptionSchema,
  markNotificationsReadResultSchema,
  markNotificationsReadSchema,
  notificationListSchema,
  pushKeySchema,
  pushSubscriptionSchema,
} from '@relaycast/shared/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { addressPolicy } from '../../lib/address-policy';
import {
  deletePushSubscription,
  listNotifications,
  markNotificationsRead,
  type NotifyDeps,
  savePushSubscription,
} from './notifications.service';

/**
 * The bell and browser push (docs/notifications.md): `GET /api/notifications`, `POST /api/notifications/read`,
 * `GET /api/notifications/push-key`, `POST/DELETE /api/notifications/push-subscriptions`. Notifications and
 * subscriptions belong to the signed-in user; another user's ids match nothing.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  notifyDeps: NotifyDeps;
}> = async (app, { db, config, notifyDeps }) => {
  app.get(
    '/api/notifications',
    { config: { permission: 'self' }, schema: { response: { 200: notificationListSchema } } },
    async (request) => {
      const user = await request.requireUser();
      return listNotifications(db, user.id);
    },
  );

  app.post(
    '/api/notifications/read',
    {
      config: { permission: 'self' },
      schema: { body: markNotificationsReadSchema, response: { 200: markNotificationsReadResultSchema } },
    },
    async (request) => {
      const user = await request.requireUser();
      return { updated: await markNotificationsRead(db, user.id, request.body) };
    },
  );

  app.get(
    '/api/notifications/push-key',
    { config: { permission: 'self' }, schema: { response: { 200: pushKeySchema } } },
    async (request) => {
      await request.requireUser();
      return { publicKey: notifyDeps.push.publicKey };
    },
  );

  app.post(
    '/api/notifications/push-subscriptions',
    { config: { permission: 'self' }, schema: { body: pushSubscriptionSchema } },
    async (request, reply) => {
      const user = await request.requireUser();
      await savePushSubscription(db, addressPolicy(config.allowPrivateAddresses), user.id, request.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/notifications/push-subscriptions',
    { config: { permission: 'self' }, schema: { body: deletePushSubscriptionSchema } },
    async (request, reply) => {
      const user = await request.requireUser();
      await deletePushSubscription(db, user.id, request.body.endpoint);
      return reply.status(204).send();
    },
  );
};
