import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';
import { createDiskGuard, type DiskGuard } from '../lib/media/disk-space';
import { createMediaProcessor, type MediaProcessor } from '../lib/media/ffmpeg';
import { createMediaStorage, type MediaStorage } from '../lib/media/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where media bytes live (local disk or S3): the media library, recordings and publishing share it. */
    mediaStorage: MediaStorage;
    /** ffprobe/ffmpeg for probes, thumbnails and recordings (reports itself unavailable without ffmpeg). */
    mediaProcessor: MediaProcessor;
    /** The data directory's disk and its reserve (MIN_FREE_DISK_MB): checked before and while files are written. */
    diskGuard: DiskGuard;
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
  await mkdir(config.dataDir, { recursive: true });
  app.decorate('diskGuard', createDiskGuard(config.dataDir, config.installLimits.minFreeDiskBytes));
  app.decorate(
    'mediaProcessor',
    createMediaProcessor({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath, log: app.log }),
  );
}

/** Not encapsulated: the decorations are visible to every module registered after it. */
export const mediaPlugin = fp(media, { name: 'media' });
