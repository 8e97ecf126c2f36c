import {
  collectionInputSchema,
  collectionPatchSchema,
  entryInputSchema,
  evergreenCollectionSchema,
  evergreenListSchema,
} from '@relaycast/shared/evergreen';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import { idParams, idSchema } from '../../lib/id-params';
import type { PublishingEngine } from '../publishing/publishing-engine';
import { getCollection, listCollections } from './evergreen.queries';
import {
  addEntry,
  createCollection,
  deleteCollection,
  deleteEntry,
  updateCollection,
} from './evergreen.service';

const entryParams = idParams.extend({ entryId: idSchema });
const removedSchema = z.object({ deletedPostIds: z.array(z.string()) });

/**
 * `/api/evergreen`: evergreen collections (docs/evergreen.md, decision 0111). Every member reads them; the roles
 * that schedule posts (`publish`: editors and up) manage them, as each entry schedules its re-shares.
 */
export const evergreenRoutes: FastifyPluginAsyncZod<{ db: Db; engine: PublishingEngine }> = async (
  app,
  { db, engine },
) => {
  app.get('/api/evergreen', { schema: { response: { 200: evergreenListSchema } } }, async (request) => ({
    collections: await listCollections(db, (await callerOf(request)).workspaceId),
  }));

  app.post(
    '/api/evergreen',
    {
      config: { permission: 'publish' },
      schema: { body: collectionInputSchema, response: { 201: evergreenCollectionSchema } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const id = await createCollection(db, caller, request.body);
      return reply.status(201).send(await getCollection(db, caller.workspaceId, id));
    },
  );

  app.patch(
    '/api/evergreen/:id',
    {
      config: { permission: 'publish' },
      schema: { params: idParams, body: collectionPatchSchema, response: { 200: evergreenCollectionSchema } },
    },
    async (request) => {
      const caller = await callerOf(request);
      await updateCollection(db, caller, request.params.id, request.body);
      return getCollection(db, caller.workspaceId, request.params.id);
    },
  );

  app.delete(
    '/api/evergreen/:id',
    { config: { permission: 'publish' }, schema: { params: idParams, response: { 200: removedSchema } } },
    async (request) => {
      const deletedPostIds = await deleteCollection(db, await callerOf(request), request.params.id);
      for (const id of deletedPostIds) await engine.cancelPost(id);
      return { deletedPostIds };
    },
  );

  app.post(
    '/api/evergreen/:id/entries',
    {
      config: { permission: 'publish' },
      schema: { params: idParams, body: entryInputSchema, response: { 201: evergreenCollectionSchema } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      await addEntry(db, caller, request.params.id, request.body);
      return reply.status(201).send(await getCollection(db, caller.workspaceId, request.params.id));
    },
  );

  app.delete(
    '/api/evergreen/:id/entries/:entryId',
    { config: { permission: 'publish' }, schema: { params: entryParams, response: { 200: removedSchema } } },
    async (request) => {
      const { id, entryId } = request.params;
      const deletedPostIds = await deleteEntry(db, await callerOf(request), id, entryId);
      for (const deleted of deletedPostIds) await engine.cancelPost(deleted);
      return { deletedPostIds };
    },
  );
};
