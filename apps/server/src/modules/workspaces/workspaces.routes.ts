import { currentWorkspaceSchema } from '@relaycast/shared/auth';
import {
  createdWorkspaceSchema,
  deleteWorkspaceSchema,
  workspaceListSchema,
  workspaceLogoInputSchema,
  workspaceLogoSchema,
  workspaceNameInputSchema,
} from '@relaycast/shared/workspaces';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { planStatus } from './plan-status';
import {
  createWorkspace,
  deleteWorkspace,
  listWorkspaces,
  renameWorkspace,
  setWorkspaceLogo,
  switchWorkspace,
  workspaceLogo,
} from './workspaces-manage';

/**
 * The current workspace, and the switcher's routes (docs/decisions/0044-workspaces.md): list, create, switch,
 * rename and delete. Better Auth's /organization/* mutations stay closed (plugins/auth.ts).
 */
export const workspacesRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/api/workspaces/current',
    { schema: { response: { 200: currentWorkspaceSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      const status = planStatus(caller, config.billingMode);
      return {
        id: caller.workspaceId,
        name: caller.workspaceName,
        role: caller.role,
        userId: caller.userId,
        plan: caller.plan,
        effectivePlan: status.plan.id,
        trialEndsAt: caller.trialEndsAt?.toISOString() ?? null,
        isTrial: status.onTrial,
        billingMode: config.billingMode,
        trialDaysLeft: status.trialDaysLeft,
        publishingBlocked: status.publishingBlocked,
        publishingBlockedReason: status.reason,
        // Read with the session (modules/auth/session-lookup.ts): no query of its own.
        paymentFailed: caller.billingStatus === 'past_due',
      };
    },
  );

  app.get(
    '/api/workspaces',
    { config: { permission: 'self' }, schema: { response: { 200: workspaceListSchema } } },
    async (request) => listWorkspaces(db, await callerOf(request), config.billingMode),
  );

  app.post(
    '/api/workspaces',
    {
      config: { permission: 'self' },
      schema: { body: workspaceNameInputSchema, response: { 201: createdWorkspaceSchema } },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return reply.status(201).send(await createWorkspace(db, user.id, request.body.name));
    },
  );

  app.post(
    '/api/workspaces/:id/switch',
    { config: { permission: 'self' }, schema: { params: idParams } },
    async (request, reply) => {
      const user = await request.requireUser();
      await switchWorkspace(db, user.id, request.params.id, async (organizationId) => {
        // Better Auth owns the session row: it sets this session's active workspace (and checks membership again).
        await app.auth.api.setActiveOrganization({
          headers: fromNodeHeaders(request.headers),
          body: { organizationId },
        });
      });
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/workspaces/current',
    { config: { permission: 'manageWorkspace' }, schema: { body: workspaceNameInputSchema } },
    async (request) => renameWorkspace(db, await callerOf(request), request.body.name),
  );

  app.get(
    '/api/workspaces/current/logo',
    { schema: { response: { 200: workspaceLogoSchema } } },
    async (request) => workspaceLogo(db, await callerOf(request)),
  );

  app.put(
    '/api/workspaces/current/logo',
    {
      config: { permission: 'manageWorkspace' },
      // A 100 KB image as base64 in JSON, with room for the envelope.
      bodyLimit: 200 * 1024,
      schema: { body: workspaceLogoInputSchema, response: { 200: workspaceLogoSchema } },
    },
    async (request) => setWorkspaceLogo(db, await callerOf(request), request.body.logo),
  );

  app.delete(
    '/api/workspaces/current',
    { config: { permission: 'billing' }, schema: { body: deleteWorkspaceSchema } },
    async (request, reply) => {
      const caller = await callerOf(request);
      await deleteWorkspace({ db, storage: app.mediaStorage, log: request.log }, caller, request.body.name);
      // Its destinations and keys are gone with it: a stream it was running ends now, not at the next restart.
      await app.streamEngine.endStreamsOfWorkspace(caller.workspaceId);
      return reply.status(204).send();
    },
  );
};
