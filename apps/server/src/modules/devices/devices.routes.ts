import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { revokeOtherSessionsResultSchema, signedInDevicesSchema } from '@relaycast/shared/security';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { idParams } from '../../lib/id-params';
import { listSignedInDevices, revokeOtherSessions, revokeSession } from './devices.service';

/**
 * `GET /api/sessions`, `POST /api/sessions/revoke-others` and `POST /api/sessions/:id/revoke`: the signed-in
 * user's devices, and signing the others out (all at once or one by one).
 */
export const devicesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** The caller's session as Better Auth verifies it (its id tells "this device" apart). */
  async function currentSession(request: FastifyRequest) {
    const user = await request.requireUser();
    const found = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!found || found.user.id !== user.id) {
      throw new AppError('UNAUTHORIZED');
    }
    return { userId: user.id, sessionId: found.session.id };
  }

  app.get(
    '/api/sessions',
    { config: { permission: 'self' }, schema: { response: { 200: signedInDevicesSchema } } },
    async (request) => {
      const { userId, sessionId } = await currentSession(request);
      return { devices: await listSignedInDevices(db, userId, sessionId) };
    },
  );

  app.post(
    '/api/sessions/revoke-others',
    { config: { permission: 'self' }, schema: { response: { 200: revokeOtherSessionsResultSchema } } },
    async (request) => {
      const { userId, sessionId } = await currentSession(request);
      return { revoked: await revokeOtherSessions(db, userId, sessionId) };
    },
  );

  app.post(
    '/api/sessions/:id/revoke',
    { config: { permission: 'self' }, schema: { params: idParams } },
    async (request, reply) => {
      const { userId, sessionId } = await currentSession(request);
      if (request.params.id === sessionId) {
        throw new AppError('VALIDATION_ERROR', { message: AUTH_MESSAGES.sessionIsThisDevice });
      }
      if (!(await revokeSession(db, userId, sessionId, request.params.id))) {
        throw new AppError('NOT_FOUND', { message: AUTH_MESSAGES.sessionNotFound });
      }
      return reply.status(204).send();
    },
  );
};
