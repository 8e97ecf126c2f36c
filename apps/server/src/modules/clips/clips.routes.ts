import {
  analysisParamsSchema,
  clipAnalysisSchema,
  sceneCoverSchema,
  startAnalysisSchema,
} from '@relaycast/shared/clips';
import { mediaItemSchema } from '@relaycast/shared/media';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { callerOf } from '../../lib/caller';
import { findMedia, toMediaItem } from '../media/media.service';
import { prepareTempDir } from '../media/media-upload';
import { mediaLimitsOf } from '../workspaces/workspaces.service';
import {
  type AnalysisRunner,
  analyseAndStore,
  checkAnalysable,
  findAnalysis,
  storedAnalysis,
} from './clips.service';
import { clipsDepsOf } from './clips-background';
import { checkCoverTime, saveSceneCover } from './clips-covers';
import { canTranscribe } from './clips-transcript';

export interface ClipsRoutesOptions {
  db: Db;
  config: Config;
  /** One run per video at a time, two at most, shared with the `clip-analysis` job (clips.jobs.ts). */
  runner: AnalysisRunner;
}

/**
 * Clip highlights from the workspace's own videos (docs/decisions/0048-clip-highlights.md):
 * `POST /api/clips/analyses` analyses a library video (up to 10 minutes, while the request waits) and returns
 * the suggested clips with their score per signal; `GET /api/clips/analyses/:mediaId` is the stored result, or null when
 * the video was never analysed (a state, not an error: the page asks on choosing a video).
 * Another workspace's video is "not found". Exporting a clip is the video editor's export job. With
 * `transcribe: true` the speech is transcribed too (docs/decisions/0050-clip-transcript.md) and kept with the video.
 * `POST /api/clips/analyses/:mediaId/covers` stores the frame at a scene change as a library image (clips-covers.ts).
 */
export const clipsRoutes: FastifyPluginAsyncZod<ClipsRoutesOptions> = async (app, options) => {
  const { db, config, runner } = options;
  const deps = clipsDepsOf({ db, config, storage: app.mediaStorage });
  await prepareTempDir(deps.tempDir);

  app.post(
    '/api/clips/analyses',
    { schema: { body: startAnalysisSchema, response: { 200: clipAnalysisSchema } } },
    async (request) => {
      const caller = await callerOf(request);
      const source = await findMedia(db, caller.workspaceId, request.body.mediaId);
      checkAnalysable(source);
      if (!(await app.mediaProcessor.isAvailable())) {
        throw new AppError('ANALYSIS_UNAVAILABLE');
      }
      const { clipSeconds, transcribe } = request.body;
      // The provider's speech-to-text when set up, else the local one (docs/decisions/0050-clip-transcript.md).
      if (
        transcribe &&
        !deps.ai &&
        !(await canTranscribe({ ...deps, modelDir: config.pocketsphinxModelDir }))
      ) {
        throw new AppError('TRANSCRIPTION_UNAVAILABLE');
      }
      const key = `${caller.workspaceId}/${source.id}/${clipSeconds}${transcribe ? '/transcribe' : ''}`;
      return runner.run(key, () => analyseAndStore(deps, source, clipSeconds, { transcribe }));
    },
  );

  app.get(
    '/api/clips/analyses/:mediaId',
    { schema: { params: analysisParamsSchema, response: { 200: clipAnalysisSchema.nullable() } } },
    async (request) => {
      const caller = await callerOf(request);
      const source = await findMedia(db, caller.workspaceId, request.params.mediaId);
      return storedAnalysis(db, caller.workspaceId, source.id);
    },
  );

  app.post(
    '/api/clips/analyses/:mediaId/covers',
    {
      schema: { params: analysisParamsSchema, body: sceneCoverSchema, response: { 201: mediaItemSchema } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const source = await findMedia(db, caller.workspaceId, request.params.mediaId);
      if (source.kind !== 'video') {
        throw new AppError('NOT_A_VIDEO');
      }
      await findAnalysis(db, caller.workspaceId, source.id);
      const seconds = checkCoverTime(source, request.body.time);
      if (!(await app.mediaProcessor.isAvailable())) {
        throw new AppError('ANALYSIS_UNAVAILABLE');
      }
      const row = await saveSceneCover(
        { ...deps, processor: app.mediaProcessor, disk: app.diskGuard },
        { source, seconds, userId: caller.userId, limits: mediaLimitsOf(caller, config) },
      );
      return reply.status(201).send(toMediaItem(row));
    },
  );
};
