import {
  hashtagGroupInputSchema,
  hashtagGroupListSchema,
  hashtagGroupSchema,
  signatureInputSchema,
  signatureListSchema,
  signatureSchema,
  templateInputSchema,
  templateListSchema,
  templateSchema,
  templateSummarySchema,
} from '@relaycast/shared/composer-library';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import {
  createHashtagGroup,
  createSignature,
  deleteHashtagGroup,
  deleteSignature,
  listHashtagGroups,
  listSignatures,
  updateHashtagGroup,
  updateSignature,
} from './composer-library.service';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from './composer-templates.service';

export interface ComposerLibraryRoutesOptions {
  db: Db;
}

const BASE = '/api/composer-library';

/**
 * The composer's library (docs/composer-library.md): signatures, hashtag groups and templates. Writing them is
 * content work like writing a draft (`write`, as `/api/posts` declares by default); every member reads them.
 */
export const composerLibraryRoutes: FastifyPluginAsyncZod<ComposerLibraryRoutesOptions> = async (
  app,
  { db },
) => {
  const workspaceOf = async (request: Parameters<typeof callerOf>[0]) =>
    (await callerOf(request)).workspaceId;

  app.get(`${BASE}/signatures`, { schema: { response: { 200: signatureListSchema } } }, async (request) =>
    listSignatures(db, await workspaceOf(request)),
  );
  app.post(
    `${BASE}/signatures`,
    {
      config: { permission: 'write' },
      schema: { body: signatureInputSchema, response: { 201: signatureSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createSignature(db, await workspaceOf(request), request.body)),
  );
  app.put(
    `${BASE}/signatures/:id`,
    {
      config: { permission: 'write' },
      schema: { params: idParams, body: signatureInputSchema, response: { 200: signatureSchema } },
    },
    async (request) => updateSignature(db, await workspaceOf(request), request.params.id, request.body),
  );
  app.delete(
    `${BASE}/signatures/:id`,
    { config: { permission: 'write' }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteSignature(db, await workspaceOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    `${BASE}/hashtag-groups`,
    { schema: { response: { 200: hashtagGroupListSchema } } },
    async (request) => listHashtagGroups(db, await workspaceOf(request)),
  );
  app.post(
    `${BASE}/hashtag-groups`,
    {
      config: { permission: 'write' },
      schema: { body: hashtagGroupInputSchema, response: { 201: hashtagGroupSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createHashtagGroup(db, await workspaceOf(request), request.body)),
  );
  app.put(
    `${BASE}/hashtag-groups/:id`,
    {
      config: { permission: 'write' },
      schema: { params: idParams, body: hashtagGroupInputSchema, response: { 200: hashtagGroupSchema } },
    },
    async (request) => updateHashtagGroup(db, await workspaceOf(request), request.params.id, request.body),
  );
  app.delete(
    `${BASE}/hashtag-groups/:id`,
    { config: { permission: 'write' }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteHashtagGroup(db, await workspaceOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(`${BASE}/templates`, { schema: { response: { 200: templateListSchema } } }, async (request) =>
    listTemplates(db, await workspaceOf(request)),
  );
  app.get(
    `${BASE}/templates/:id`,
    { schema: { params: idParams, response: { 200: templateSchema } } },
    async (request) => getTemplate(db, await workspaceOf(request), request.params.id),
  );
  app.post(
    `${BASE}/templates`,
    {
      config: { permission: 'write' },
      schema: { body: templateInputSchema, response: { 201: templateSummarySchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createTemplate(db, await workspaceOf(request), request.body)),
  );
  app.put(
    `${BASE}/templates/:id`,
    {
      config: { permission: 'write' },
      schema: { params: idParams, body: templateInputSchema, response: { 200: templateSummarySchema } },
    },
    async (request) => updateTemplate(db, await workspaceOf(request), request.params.id, request.body),
  );
  app.delete(
    `${BASE}/templates/:id`,
    { config: { permission: 'write' }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteTemplate(db, await workspaceOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
