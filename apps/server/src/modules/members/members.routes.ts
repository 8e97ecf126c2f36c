import {
  acceptedInvitationSchema,
  changeRoleSchema,
  invitationPreviewSchema,
  inviteMemberSchema,
  MEMBERS_MESSAGES,
  membersListSchema,
  sentInvitationSchema,
  transferOwnershipSchema,
} from '@relaycast/shared/members';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams, idSchema } from '../../lib/id-params';
import { linkBaseUrl } from '../../lib/request-origin';
import type { Mailer } from '../mail/mailer';
import {
  acceptInvitation,
  inviteMember,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations.service';
import {
  changeMemberRole,
  leaveWorkspace,
  listMembers,
  removeMember,
  transferOwnership,
} from './members.service';

const memberParams = z.object({ memberId: idSchema });
const tokenParams = z.object({ token: z.string().min(1).max(128) });

/**
 * Settings → Members (docs/decisions/0042-members-and-invitations.md): the current workspace's
 * members and invitations, and the invite link's own two routes. Each route declares its permission (checked for
 * every route by plugins/authenticate-first.ts); the services check the finer rules themselves.
 */
export const membersRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; mailer: Mailer }> = async (
  app,
  { db, config, mailer },
) => {
  const depsFor = (request: FastifyRequest) => ({ db, mailer, linkBase: linkBaseUrl(request, config) });

  app.get(
    '/api/workspaces/current/members',
    { config: { permission: 'view' }, schema: { response: { 200: membersListSchema } } },
    async (request) => listMembers(db, await callerOf(request)),
  );

  app.post(
    '/api/workspaces/current/invitations',
    {
      config: { permission: 'manageMembers' },
      schema: { body: inviteMemberSchema, response: { 201: sentInvitationSchema } },
    },
    async (request, reply) => {
      const invitation = await inviteMember(depsFor(request), await callerOf(request), request.body);
      return reply.status(201).send(invitation);
    },
  );

  app.post(
    '/api/workspaces/current/invitations/:id/resend',
    {
      config: { permission: 'manageMembers' },
      schema: { params: idParams, response: { 200: sentInvitationSchema } },
    },
    async (request) => resendInvitation(depsFor(request), await callerOf(request), request.params.id),
  );

  app.delete(
    '/api/workspaces/current/invitations/:id',
    { config: { permission: 'manageMembers' }, schema: { params: idParams } },
    async (request, reply) => {
      await revokeInvitation(db, await callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/workspaces/current/members/:memberId',
    { config: { permission: 'manageMembers' }, schema: { params: memberParams, body: changeRoleSchema } },
    async (request) =>
      changeMemberRole(db, await callerOf(request), request.params.memberId, request.body.role),
  );

  app.delete(
    '/api/workspaces/current/members/:memberId',
    { config: { permission: 'manageMembers' }, schema: { params: memberParams } },
    async (request, reply) => {
      await removeMember(db, await callerOf(request), request.params.memberId);
      return reply.status(204).send();
    },
  );

  app.post('/api/workspaces/current/leave', { config: { permission: 'self' } }, async (request, reply) => {
    await leaveWorkspace(db, await callerOf(request));
    return reply.status(204).send();
  });

  app.post(
    '/api/workspaces/current/transfer-ownership',
    {
      config: { permission: 'billing', permissionMessage: MEMBERS_MESSAGES.onlyOwnerTransfers },
      schema: { body: transferOwnershipSchema },
    },
    async (request, reply) => {
      await transferOwnership(db, await callerOf(request), request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/invitations/:token',
    {
      config: { auth: 'public' },
      schema: { params: tokenParams, response: { 200: invitationPreviewSchema } },
    },
    async (request) => previewInvitation(db, request.params.token),
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      config: { permission: 'self' },
      schema: { params: tokenParams, response: { 200: acceptedInvitationSchema } },
    },
    async (request) => {
      const user = await request.requireUser();
      const accepted = await acceptInvitation(db, user, request.params.token);
      // The session works in the workspace just joined (Better Auth checks the membership again).
      await app.auth.api.setActiveOrganization({
        headers: fromNodeHeaders(request.headers),
        body: { organizationId: accepted.workspaceId },
      });
      return accepted;
    },
  );
};
