import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { mediaItemSchema } from '@relaycast/shared/media';
import { exportJobSchema, importVideoSchema, startExportSchema } from '@relaycast/shared/video-editor';
import { totalDuration } from '@relaycast/shared/video-editor-edit-list';
import { readCaptionsFile } from '@relaycast/shared/video-editor-overlays';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { addressPolicy } from '../../lib/address-policy';
import { AppError } from '../../lib/app-error';
import { callerOf } from '../../lib/caller';
import { idParams } from '../../lib/id-params';
import { diskFullError } from '../../lib/media/disk-space';
import { createSafeFetch } from '../../lib/safe-fetch';
import {
  findMedia,
  newMediaId,
  storageFullError,
  storageUsedBytes,
  toMediaItem,
} from '../media/media.service';
import { fileTooLargeError, prepareTempDir } from '../media/media-upload';
import { mediaLimitsOf } from '../workspaces/workspaces.service';
import { createExportJobs } from './video-editor.jobs';
import { addVideoToLibrary, videoOnly } from './video-editor.service';
import { downloadVideo, loadFailedError, nameFromUrl } from './video-editor-import';
import { OVERLAY_FONT } from './video-editor-text';
import { createTimelinePictures, TIMELINE_KINDS } from './video-editor-timeline';
import { exportWatermarkOf } from './video-editor-watermark';

export interface VideoEditorRoutesOptions {
  db: Db;
  config: Config;
}

const timelineParams = idParams.extend({ kind: z.enum(TIMELINE_KINDS) });

/** The container family a stored video is in: fast mode copies streams only within a family. */
function familyOf(mimeType: string): 'iso' | 'webm' {
  return mimeType === 'video/webm' ? 'webm' : 'iso';
}

/**
 * The video editor (docs/video.md): `POST /api/video-editor/imports` fetches a video from a URL into the media
 * library; `POST /api/video-editor/exports` trims (and crops) a library video, or keeps and joins the sections
 * of an edit list (docs/decisions/0038), into a new library file as an
 * ffmpeg job; `GET /api/video-editor/media/:id/timeline/:kind` is the timeline's frame strip or waveform (PNG);
 * `GET /api/video-editor/overlay-font` is the font file ffmpeg draws text overlays with, for the player to draw
 * them with the same glyphs (docs/decisions/0077-overlay-text-layout.md);
 * `GET /api/video-editor/exports/:id` reads its progress; `POST …/:id/cancel` cancels it. All of
 * it is scoped to the caller's workspace: another workspace's media or job is "not found".
 */
// function-budget: one module's routes in one plugin; each handler is short and the routes share its setup
export const videoEditorRoutes: FastifyPluginAsyncZod<VideoEditorRoutesOptions> = async (app, options) => {
  const { db, config } = options;
  const tempDir = path.join(config.dataDir, 'tmp', 'video-editor');
  await prepareTempDir(tempDir);
  const deps = { db, storage: app.mediaStorage, processor: app.mediaProcessor };
  const doFetch = createSafeFetch(addressPolicy(config.allowPrivateAddresses));
  const jobs = createExportJobs({
    ...deps,
    ffmpegPath: config.ffmpegPath,
    ffprobePath: config.ffprobePath,
    tempDir,
    log: app.log,
  });
  app.addHook('preClose', () => jobs.close());
  const timeline = createTimelinePictures({
    storage: app.mediaStorage,
    ffmpegPath: config.ffmpegPath,
    ffprobePath: config.ffprobePath,
    cacheDir: path.join(config.dataDir, 'cache', 'video-editor'),
    tempDir,
  });

  app.post(
    '/api/video-editor/imports',
    { schema: { body: importVideoSchema, response: { 201: mediaItemSchema } } },
    async (request, reply) => {
      const caller = await callerOf(request);
      const limits = mediaLimitsOf(caller, config);
      if (!(await app.mediaProcessor.isAvailable())) throw loadFailedError();
      const usedBytes = await storageUsedBytes(db, caller.workspaceId);
      const name = nameFromUrl(request.body.url);
      const id = newMediaId();
      const tempPath = path.join(tempDir, id);
      // A client that goes away stops the download and ffmpeg.
      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const { mimeType } = await downloadVideo(doFetch, request.body.url, tempPath, {
        limits,
        usedBytes,
        disk: app.diskGuard,
        name,
        signal: controller.signal,
      });
      const extension = mimeType === 'video/webm' ? 'webm' : mimeType === 'video/quicktime' ? 'mov' : 'mp4';
      const row = await addVideoToLibrary(
        deps,
        {
          workspaceId: caller.workspaceId,
          userId: caller.userId,
          limits,
          video: { id, path: tempPath, name, mimeType, extension },
          signal: controller.signal,
        },
        loadFailedError,
      );
      return reply.status(201).send(toMediaItem(row));
    },
  );

  app.post(
    '/api/video-editor/exports',
    { schema: { body: startExportSchema, response: { 202: exportJobSchema } } },
    async (request, reply) => {
      const caller = await callerOf(request);
      const limits = mediaLimitsOf(caller, config);
      const body = request.body;
      const source = await findMedia(db, caller.workspaceId, body.mediaId);
      videoOnly(source);
      const duration = source.durationSeconds;
      if (duration !== null && body.end > duration + 0.001) {
        throw new AppError('TRIM_OUT_OF_RANGE', { values: [duration] });
      }
      if (body.mode === 'fast' && familyOf(source.mimeType) !== familyOf(`video/${body.format}`)) {
        throw new AppError('FAST_TRIM_UNSUPPORTED', { values: [body.format] });
      }
      // A subtitle file that cannot be read is refused before anything starts.
      const captions = body.captions ? readCaptionsFile(body.captions) : null;
      if (captions && !captions.ok) throw new AppError('CAPTIONS_INVALID', { message: captions.message });
      // A saved watermark of the caller's workspace (another's is 404), laid over the clip in the same encode.
      const watermark = await exportWatermarkOf(db, caller.workspaceId, body.watermarkId);
      // The limits before the job starts: some room must be left (in the quota and above the disk's reserve),
      // and a stream copy (whose size is the source's share) must fit. ffmpeg is then capped at that room (-fs)
      // and the quota is checked again on storing the result.
      const usedBytes = await storageUsedBytes(db, caller.workspaceId);
      const storageLeft =
        limits.storageBytes === null ? Number.POSITIVE_INFINITY : limits.storageBytes - usedBytes;
      const label = `${source.name} (export)`;
      if (storageLeft <= 0) throw storageFullError(label, limits, usedBytes);
      const diskRoom = await app.diskGuard.room();
      if (diskRoom <= 0) throw diskFullError();
      if (body.mode === 'fast' && duration) {
        const kept = body.segments ? totalDuration(body.segments) : body.end - body.start;
        const estimate = Math.round(source.sizeBytes * (kept / duration));
        if (estimate > limits.maxFileSizeBytes) throw fileTooLargeError(label, limits);
        if (estimate > storageLeft) throw storageFullError(label, limits, usedBytes);
        if (estimate > diskRoom) throw diskFullError();
      }
      const job = jobs.start({
        workspaceId: caller.workspaceId,
        userId: caller.userId,
        limits,
        source,
        request: body,
        captions: captions?.ok ? captions.cues : [],
        watermark,
        maxBytes: Math.min(limits.maxFileSizeBytes, storageLeft, diskRoom),
      });
      return reply.status(202).send(job);
    },
  );

  // A binary response, like the media files: no JSON schema to apply; the body is the PNG and nothing else.
  app.get(
    '/api/video-editor/media/:id/timeline/:kind',
    { schema: { params: timelineParams } },
    async (request, reply) => {
      const caller = await callerOf(request);
      const source = await findMedia(db, caller.workspaceId, request.params.id);
      videoOnly(source);
      const file = await timeline.fileFor(source, request.params.kind);
      return reply
        .type('image/png')
        .header('cache-control', 'private, max-age=86400')
        .send(createReadStream(file));
    },
  );

  app.get('/api/video-editor/overlay-font', async (_request, reply) => {
    const found = await stat(OVERLAY_FONT).then(
      (info) => info.isFile(),
      () => false,
    );
    if (!found) throw new AppError('NOT_FOUND');
    return reply
      .type('font/ttf')
      .header('cache-control', 'private, max-age=86400')
      .send(createReadStream(OVERLAY_FONT));
  });

  app.get(
    '/api/video-editor/exports/:id',
    { schema: { params: idParams, response: { 200: exportJobSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      return jobs.get(caller.workspaceId, request.params.id);
    },
  );

  app.post(
    '/api/video-editor/exports/:id/cancel',
    { schema: { params: idParams, response: { 200: exportJobSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      return jobs.cancel(caller.workspaceId, request.params.id);
    },
  );
};
