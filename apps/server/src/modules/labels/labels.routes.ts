import { labelInputSchema, labelListSchema, labelSchema, labelUpdateSchema } from '@relaycast/shared/labels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { createLabel, deleteLabel, listLabels, updateLabel } from './labels.service';

export interface LabelsRoutesOptions {
  db: Db;
}

/**
 * `/api/labels` (docs/labels.md): every member reads the workspace's labels; creating one is content work like
 * writing a draft (`write`: the composer creates them inline); renaming, recolouring and deleting change every
 * post that carries the label, other members' too, so they need `publish` (docs/decisions/0112-post-labels.md).
 */
export const labelsRoutes: FastifyPluginAsyncZod<LabelsRoutesOptions> = async (app, { db }) => {
  app.get('/api/labels', { schema: { response: { 200: labelListSchema } } }, async (request) =>
    listLabels(db, (await callerOf(request)).workspaceId),
  );
  app.post(
    '/api/labels',
    { config: { permission: 'write' }, schema: { body: labelInputSchema, response: { 201: labelSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createLabel(db, (await callerOf(request)).workspaceId, request.body)),
  );
  app.patch(
    '/api/labels/:id',
    {
      config: { permission: 'publish' },
      schema: { params: idParams, body: labelUpdateSchema, response: { 200: labelSchema } },
    },
    async (request) =>
      updateLabel(db, (await callerOf(request)).workspaceId, request.params.id, request.body),
  );
  app.delete(
    '/api/labels/:id',
    { config: { permission: 'publish' }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteLabel(db, (await callerOf(request)).workspaceId, request.params.id);
      return reply.status(204).send();
    },
  );
};
