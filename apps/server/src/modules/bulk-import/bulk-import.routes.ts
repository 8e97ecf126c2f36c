import {
  BULK_IMPORT_MAX_BYTES,
  bulkImportPreviewSchema,
  bulkImportRequestSchema,
  bulkImportResultSchema,
} from '@relaycast/shared/bulk-import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { callerOf } from '../../lib/caller';
import type { PublishingEngine } from '../publishing/publishing-engine';
import { assertPublishingOpen } from '../workspaces/plan-status';
import { importRows, previewImport } from './bulk-import.service';

/** The file travels as a JSON string: room for its escapes (a larger file gets the parser's own message). */
const BODY_LIMIT = BULK_IMPORT_MAX_BYTES * 3;

/**
 * `/api/bulk-import`: a CSV of posts checked row by row (`/preview`, nothing saved), then its good rows imported as
 * scheduled posts or drafts in one transaction (docs/bulk-import.md). Both need `write`: a contributor's rows go
 * to approval as the composer's posts do.
 */
export const bulkImportRoutes: FastifyPluginAsyncZod<{
  db: Db;
  engine: PublishingEngine;
  config: Config;
}> = async (app, { db, engine, config }) => {
  app.post(
    '/api/bulk-import/preview',
    {
      bodyLimit: BODY_LIMIT,
      schema: { body: bulkImportRequestSchema, response: { 200: bulkImportPreviewSchema } },
    },
    async (request) => previewImport(db, await callerOf(request), request.body),
  );

  app.post(
    '/api/bulk-import',
    {
      bodyLimit: BODY_LIMIT,
      schema: { body: bulkImportRequestSchema, response: { 201: bulkImportResultSchema } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      if (request.body.mode === 'scheduled') assertPublishingOpen(caller, config.billingMode);
      const result = await importRows(db, caller, request.body);
      await engine.schedulePosts(result.postIds);
      return reply.status(201).send(result);
    },
  );
};
