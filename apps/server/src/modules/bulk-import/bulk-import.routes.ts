import path from 'node:path';
import {
  BULK_IMPORT_MAX_BYTES,
  bulkImportPreviewSchema,
  bulkImportRequestSchema,
  bulkImportResultSchema,
} from '@relaycast/shared/bulk-import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { addressPolicy } from '../../lib/address-policy';
import { type Caller, callerOf } from '../../lib/caller';
import { sendWithProgress, wantsProgress } from '../../lib/ndjson-progress';
import { createSafeFetch } from '../../lib/safe-fetch';
import type { RemoteMediaDeps } from '../media/media-by-url';
import { prepareTempDir } from '../media/media-upload';
import type { PublishingEngine } from '../publishing/publishing-engine';
import { configuredShortLinkBase } from '../short-links/short-links.service';
import { assertPublishingOpen } from '../workspaces/plan-status';
import { mediaLimitsOf } from '../workspaces/workspaces.service';
import { type ImportAccess, importRows, previewImport } from './bulk-import.service';

/** The file travels as a JSON string: room for its escapes (a larger file gets the parser's own message). */
const BODY_LIMIT = BULK_IMPORT_MAX_BYTES * 3;

/**
 * `/api/bulk-import`: a CSV of posts checked row by row (`/preview`, nothing saved), then its good rows imported as
 * scheduled posts or drafts in one transaction (docs/bulk-import.md). Both need `write`: a contributor's rows go
 * to approval as the composer's posts do. Asked with `Accept: application/x-ndjson`, either answers a stream of
 * progress lines ending with its result (lib/ndjson-progress.ts).
 */
export const bulkImportRoutes: FastifyPluginAsyncZod<{
  db: Db;
  engine: PublishingEngine;
  config: Config;
}> = async (app, { db, engine, config }) => {
  const tempDir = path.join(config.dataDir, 'tmp', 'bulk-import');
  await prepareTempDir(tempDir);
  const deps: RemoteMediaDeps = {
    doFetch: createSafeFetch(addressPolicy(config.allowPrivateAddresses)),
    processor: app.mediaProcessor,
    storage: app.mediaStorage,
    disk: app.diskGuard,
    tempDir,
  };
  /**
   * Media by URL are fetched with the caller's plan limits (file size, storage); the rows' addresses are counted
   * as the short links that will replace them when the workspace shortens them (as the composer's posts).
   */
  const accessFor = (caller: Caller) => ({
    media: { deps, limits: mediaLimitsOf(caller, config) },
    shortLinkBase: configuredShortLinkBase(config),
  });

  app.post(
    '/api/bulk-import/preview',
    {
      bodyLimit: BODY_LIMIT,
      schema: { body: bulkImportRequestSchema, response: { 200: bulkImportPreviewSchema } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      if (!wantsProgress(request))
        return previewImport(db, caller, request.body, new Date(), accessFor(caller));
      return sendWithProgress(request, reply, async (onProgress) => ({
        status: 200,
        body: await previewImport(db, caller, request.body, new Date(), { ...accessFor(caller), onProgress }),
      }));
    },
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
      const run = async (onProgress?: ImportAccess['onProgress']) => {
        const access = onProgress ? { ...accessFor(caller), onProgress } : accessFor(caller);
        const result = await importRows(db, caller, request.body, new Date(), access);
        await engine.schedulePosts(result.postIds);
        return result;
      };
      if (!wantsProgress(request)) return reply.status(201).send(await run());
      return sendWithProgress(request, reply, async (onProgress) => ({
        status: 201,
        body: await run(onProgress),
      }));
    },
  );
};
