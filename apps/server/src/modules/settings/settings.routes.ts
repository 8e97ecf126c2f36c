import { browserTimeZoneSchema, userSettingsSchema } from '@relaycast/shared/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { getUserSettings, saveBrowserTimeZone, saveUserSettings } from './settings.service';

/** `GET/PUT /api/settings`: the signed-in user's own settings (per user, not per workspace). */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/settings',
    { config: { permission: 'self' }, schema: { response: { 200: userSettingsSchema } } },
    async (request) => {
      const user = await request.requireUser();
      return getUserSettings(db, user.id);
    },
  );

  app.put(
    '/api/settings',
    {
      config: { permission: 'self' },
      schema: { body: userSettingsSchema, response: { 200: userSettingsSchema } },
    },
    async (request) => {
      const user = await request.requireUser();
      return saveUserSettings(db, user.id, request.body);
    },
  );
  app.put(
    '/api/settings/browser-time-zone',
    { config: { permission: 'self' }, schema: { body: browserTimeZoneSchema } },
    async (request, reply) => {
      const user = await request.requireUser();
      await saveBrowserTimeZone(db, user.id, request.body.timeZone);
      return reply.status(204).send();
    },
  );
};
