import { onboardingInputSchema, onboardingSchema } from '@relaycast/shared/onboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { getOnboarding, setOnboardingDismissed } from './onboarding.service';

/**
 * `GET /api/onboarding`: the dashboard's getting-started checklist for the caller in their workspace.
 * `PUT /api/onboarding`: hides it (or shows it again) for the caller only.
 */
export const onboardingRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/api/onboarding',
    { config: { permission: 'self' }, schema: { response: { 200: onboardingSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      return getOnboarding(db, config, caller);
    },
  );

  app.put(
    '/api/onboarding',
    {
      config: { permission: 'self' },
      schema: { body: onboardingInputSchema, response: { 200: onboardingSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      await setOnboardingDismissed(db, caller.userId, request.body.dismissed);
      return getOnboarding(db, config, caller);
    },
  );
};
