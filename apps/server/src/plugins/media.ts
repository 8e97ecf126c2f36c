import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';
import { createMediaProcessor, type MediaProcessor } from '../lib/media/ffmpeg';
import { createMediaStorage, type MediaStorage } from '../lib/media/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where media bytes live (local disk or S3): the media library, recordings and publishing share it. */
    mediaStorage: MediaStorage;
    /** ffprobe/ffmpeg for probes, thumbnails and recordings (reports itself unavailable without ffmpeg). */
    mediaProcessor: MediaProcessor;
  }
}

export interface MediaPluginOptions {
  config: Config;
}

/**
 * The media infrastructure, built once per app and shared by every module that stores or processes media
 * (the media library, the live engine's recordings, publishing's uploads and signed URLs).
 */
async function media(app: FastifyInstance, { config }: MediaPluginOptions) {
  app.decorate('mediaStorage', await createMediaStorage(config));
  app.decorate(
    'mediaProcessor',
    createMediaProcessor({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath, log: app.log }),
  );
}

/** Not encapsulated: the decorations are visible to every module registered after it. */
export const mediaPlugin = fp(media, { name: 'media' });
