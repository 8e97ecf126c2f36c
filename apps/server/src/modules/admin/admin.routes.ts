import {
  adminSetPlanSchema,
  adminWorkspacesSchema,
  instanceAdminStatusSchema,
} from '@relaycast/shared/billing';
import { contactInboxQuerySchema, contactInboxSchema } from '@relaycast/shared/contact';
import { adminNodesSchema } from '@relaycast/shared/nodes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { idParams } from '../../lib/id-params';
import { listContactMessages } from '../contact/contact.service';
import { readNodesPage } from '../nodes/nodes.service';
import {
  isInstanceAdmin,
  listInstanceWorkspaces,
  requireInstanceAdmin,
  setInstanceWorkspacePlan,
} from './admin.service';

/**
 * The instance administrator's page (/admin): every workspace of the server and its plan, the messages of the
 * contact form, and the install's nodes with its job queues. Not a workspace permission: the caller's e-mail must be in ADMIN_EMAILS, and anyone else gets 404.
 * `GET /api/admin/me` answers everyone signed in, so the app links the page only for administrators without
 * asking for a page it would be refused.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // Before the body is validated, so a bad body tells a non-administrator nothing either.
  const onlyAdmins = async (request: FastifyRequest) =>
    requireInstanceAdmin(config, (await request.requireUser()).email);

  app.get(
    '/api/admin/me',
    { config: { permission: 'self' }, schema: { response: { 200: instanceAdminStatusSchema } } },
    async (request) => ({ admin: isInstanceAdmin(config, (await request.requireUser()).email) }),
  );

  app.get(
    '/api/admin/contact-messages',
    {
      config: { permission: 'self' },
      preValidation: onlyAdmins,
      schema: { querystring: contactInboxQuerySchema, response: { 200: contactInboxSchema } },
    },
    (request) => listContactMessages(db, request.query.before),
  );

  app.get(
    '/api/admin/workspaces',
    {
      config: { permission: 'self' },
      preValidation: onlyAdmins,
      schema: { response: { 200: adminWorkspacesSchema } },
    },
    async () => {
      const rows = await listInstanceWorkspaces(db, config);
      return { billingMode: config.billingMode, workspaces: rows };
    },
  );

  // The install's nodes (docs/decisions/0103-nodes.md) and its job queues.
  app.get(
    '/api/admin/nodes',
    {
      config: { permission: 'self' },
      preValidation: onlyAdmins,
      schema: { response: { 200: adminNodesSchema } },
    },
    async () => readNodesPage(db, app.node.id),
  );

  app.put(
    '/api/admin/workspaces/:id/plan',
    {
      config: { permission: 'self' },
      preValidation: onlyAdmins,
      schema: { params: idParams, body: adminSetPlanSchema },
    },
    async (request) => {
      const resumed = await setInstanceWorkspacePlan(db, request.params.id, request.body.plan);
      return { plan: request.body.plan, resumed };
    },
  );
};
