/*
 * Over 300 lines on purpose: every /api/media route sits here, in the module of its URL (upload, list, read,
 * download with ranges, thumbnail, usage, delete and the platforms' signed link); the work is in the services.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  ACCEPTED_MEDIA_TYPES,
  isAcceptedMediaType,
  listMediaQuerySchema,
  MEDIA_MESSAGES,
  mediaItemSchema,
  mediaListSchema,
  mediaUsageSchema,
} from '@relaycast/shared/media';
import { mediaKindOf } from '@relaycast/shared/platforms';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromFile } from 'file-type';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { mediaFiles } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { StorageNotFoundError } from '../../lib/media/storage';
import { mediaLimitsOf } from '../workspaces/workspaces.service';
import { convertToJpeg } from './jpeg-conversion';
import {
  deleteMedia,
  findMedia,
  findMediaUsage,
  listMedia,
  type MediaFileRow,
  newMediaId,
  storageUsedBytes,
  storeMedia,
  toMediaItem,
} from './media.service';
import { sendStoredObject } from './media-send';
import { prepareTempDir, receiveUpload } from './media-upload';
import { isValidMediaSignature, publicMediaQuerySchema } from './public-media-url';

export interface MediaRoutesOptions {
  db: Db;
  config: Config;
}

function mediaLinkInvalid(): AppError {
  return new AppError('NOT_FOUND', { message: 'This media link is invalid or has expired.' });
}

/**
 * The media library: `POST /api/media` (one file per request, multipart), list, read, download (with HTTP
 * ranges for video seeking), thumbnail and delete, all scoped to the caller's workspace; and
 * `GET /api/media/public/:id`, the signed link (publishing-media.ts) by which platforms fetch a post's media.
 * Status codes of a refused upload: 400 no file, 413 file over the size limit, 409 storage quota
 * full (the request is fine; the workspace's state refuses it), 415 content that is not an accepted type.
 */
// function-budget: one module's routes in one plugin; each handler is short and the routes share its setup
export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, options) => {
  const { db, config } = options;
  // Built once by plugins/media.ts.
  const storage = app.mediaStorage;
  const processor = app.mediaProcessor;
  const tempDir = path.join(config.dataDir, 'tmp', 'media');
  await prepareTempDir(tempDir);
  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 20 } });

  function sendObject(
    reply: FastifyReply,
    key: string,
    headers: { type: string; name: string; size: number | null; rangeHeader: string | undefined },
  ) {
    return sendStoredObject(storage, reply, key, headers);
  }

  async function processUpload(
    row: { tempPath: string; thumbBase: string },
    request: Parameters<typeof receiveUpload>[0],
    signal: AbortSignal,
  ) {
    const caller = await callerOf(request);
    const limits = mediaLimitsOf(caller, config);
    const usedBytes = await storageUsedBytes(db, caller.workspaceId);
    const received = await receiveUpload(request, row.tempPath, { limits, usedBytes, disk: app.diskGuard });

    const detected = await fileTypeFromFile(received.path);
    const mimeType = detected?.mime === 'image/apng' ? 'image/png' : detected?.mime;
    const kind = mimeType ? mediaKindOf(mimeType) : null;
    if (!mimeType || !isAcceptedMediaType(mimeType) || !kind) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', { values: [received.name] });
    }
    const facts = await processor.probe(received.path, kind, signal);
    const thumbnail = await processor.makeThumbnail(
      received.path,
      row.thumbBase,
      { kind, durationSeconds: facts?.durationSeconds ?? null },
      signal,
    );
    // With ffmpeg here, a file it cannot decode (truncated, header only) is refused rather than stored without
    // a size, duration or thumbnail: making the thumbnail decodes a frame. Without ffmpeg nothing can be checked.
    const decoded =
      facts !== null &&
      thumbnail !== null &&
      facts.width !== null &&
      facts.height !== null &&
      (kind !== 'video' || facts.durationSeconds !== null);
    if (!decoded && (await processor.isAvailable())) {
      throw new AppError('UNREADABLE_MEDIA', {
        values: [received.name, kind === 'video' ? 'video' : 'image'],
      });
    }
    return storeMedia(db, storage, {
      workspaceId: caller.workspaceId,
      userId: caller.userId,
      limits,
      file: {
        id: path.basename(row.tempPath),
        name: received.name,
        mimeType,
        kind,
        sizeBytes: received.sizeBytes,
        width: facts?.width ?? null,
        height: facts?.height ?? null,
        durationSeconds: facts?.durationSeconds ?? null,
        path: received.path,
        thumbnail,
        extension: ACCEPTED_MEDIA_TYPES[mimeType],
      },
    });
  }

  app.post('/api/media', { schema: { response: { 201: mediaItemSchema } } }, async (request, reply) => {
    const id = newMediaId();
    const files = { tempPath: path.join(tempDir, id), thumbBase: path.join(tempDir, `${id}-thumb`) };
    // A client that goes away mid-upload stops ffmpeg too.
    const controller = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    let row: MediaFileRow;
    try {
      row = await processUpload(files, request, controller.signal);
    } catch (err) {
      // Refused before the whole body was read: close the connection rather than read the rest of it.
      if (!request.raw.complete) reply.header('connection', 'close');
      throw err;
    } finally {
      await Promise.all(
        [files.tempPath, `${files.thumbBase}.webp`, `${files.thumbBase}.jpg`].map((file) =>
          rm(file, { force: true }),
        ),
      );
    }
    return reply.status(201).send(toMediaItem(row));
  });

  app.get(
    '/api/media',
    { schema: { querystring: listMediaQuerySchema, response: { 200: mediaListSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      const limits = mediaLimitsOf(caller, config);
      const [rows, usedBytes, thumbnailsAvailable, diskFreeBytes] = await Promise.all([
        listMedia(db, caller.workspaceId, request.query),
        storageUsedBytes(db, caller.workspaceId),
        processor.isAvailable(),
        // The disk bounds a self-hosted install's storage: shown there; a managed one shows its plan alone.
        config.billingMode === 'self-hosted' ? app.diskGuard.room() : null,
      ]);
      return {
        items: rows.map(toMediaItem),
        usage: {
          usedBytes,
          storageBytes: limits.storageBytes,
          maxFileSizeBytes: limits.maxFileSizeBytes,
          plan: limits.planName,
          diskFreeBytes,
        },
        thumbnailsAvailable,
      };
    },
  );

  app.get(
    '/api/media/:id',
    { schema: { params: idParams, response: { 200: mediaItemSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      return toMediaItem(await findMedia(db, caller.workspaceId, request.params.id));
    },
  );

  app.get(
    '/api/media/:id/usage',
    { schema: { params: idParams, response: { 200: mediaUsageSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      return findMediaUsage(db, caller.workspaceId, request.params.id);
    },
  );

  // Binary responses: no JSON response schema to apply; the body is the stored file and nothing else.
  app.get('/api/media/:id/file', { schema: { params: idParams } }, async (request, reply) => {
    const caller = await callerOf(request);
    const row = await findMedia(db, caller.workspaceId, request.params.id);
    return sendObject(reply, row.storageKey, {
      type: row.mimeType,
      name: row.name,
      size: row.sizeBytes,
      rangeHeader: request.headers.range,
    });
  });

  app.get('/api/media/:id/thumbnail', { schema: { params: idParams } }, async (request, reply) => {
    const caller = await callerOf(request);
    const row = await findMedia(db, caller.workspaceId, request.params.id);
    if (!row.thumbnailKey) throw new AppError('NOT_FOUND', { message: MEDIA_MESSAGES.notFound });
    return sendObject(reply, row.thumbnailKey, {
      type: row.thumbnailKey.endsWith('.jpg') ? 'image/jpeg' : 'image/webp',
      name: `${row.name} (thumbnail)`,
      size: null,
      rangeHeader: undefined,
    });
  });

  app.delete('/api/media/:id', { schema: { params: idParams } }, async (request, reply) => {
    const caller = await callerOf(request);
    await deleteMedia(db, storage, caller.workspaceId, request.params.id, request.log, caller);
    return reply.status(204).send();
  });

  app.get(
    '/api/media/public/:id',
    // The platforms fetch it: the signature in the query is the credential.
    {
      config: { auth: 'public' },
      schema: { params: idParams, querystring: publicMediaQuerySchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isValidMediaSignature(config.appSecret, id, request.query.exp, request.query.sig)) {
        throw mediaLinkInvalid();
      }
      const [row] = await db
        .select({
          storageKey: mediaFiles.storageKey,
          mimeType: mediaFiles.mimeType,
          sizeBytes: mediaFiles.sizeBytes,
          kind: mediaFiles.kind,
        })
        .from(mediaFiles)
        .where(eq(mediaFiles.id, id))
        .limit(1);
      if (!row) throw mediaLinkInvalid();
      try {
        // `as=jpeg`: a platform that takes JPEG only gets the image converted (a PNG on Instagram).
        if (request.query.as === 'jpeg' && row.kind === 'image' && row.mimeType !== 'image/jpeg') {
          const jpeg = await convertToJpeg(config.ffmpegPath, await storage.get(row.storageKey)).catch(
            (error: unknown) => {
              request.log.warn({ err: String(error), id }, 'could not convert an image to JPEG');
              throw new AppError('MEDIA_NOT_CONVERTIBLE', {
                message: 'This image could not be converted to JPEG.',
              });
            },
          );
          return reply
            .header('content-type', 'image/jpeg')
            .header('cache-control', 'private, max-age=3600')
            .send(jpeg);
        }
        const body = await storage.get(row.storageKey);
        return reply
          .header('content-type', row.mimeType)
          .header('content-length', String(row.sizeBytes))
          .header('cache-control', 'private, max-age=3600')
          .send(body);
      } catch (error) {
        if (error instanceof StorageNotFoundError) throw mediaLinkInvalid();
        throw error;
      }
    },
  );
};
