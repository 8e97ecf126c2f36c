import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../../db/client';
import { runProcess } from '../../../lib/media/ffmpeg';
import type { MediaStorage } from '../../../lib/media/storage';
import { findStreamableMedia } from '../../media/media-streamable';
import type { StreamOwner } from '../destinations.service';

/** A library video a pre-recorded stream plays (docs/prerecorded-streams.md). */
export interface MediaSource {
  mediaId: string;
  name: string;
  loop: boolean;
  durationSeconds: number | null;
  /** A file ffmpeg reads: the stored file itself (local storage) or a copy made for the stream (S3). */
  file: string;
  /** The copy to remove when the stream ends (S3 storage); null for the stored file itself. */
  tempFile: string | null;
  hasAudio: boolean;
}

/** Whether the file has an audio track (ffprobe); without one the stream gets silence. */
export async function hasAudioStream(ffprobePath: string, file: string): Promise<boolean> {
  try {
    const { stdout } = await runProcess(
      ffprobePath,
      ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=index', '-of', 'csv=p=0', file],
      { timeoutMs: 20_000 },
    );
    return stdout.trim().length > 0;
  } catch {
    return false;
  }
}

/**
 * Resolves what a pre-recorded stream reads: the stored file on the local disk, or (S3) a copy in `tempDir`,
 * made once, so `-re` and `-stream_loop` read a seekable local file rather than a signed URL that could expire
 * during a looping stream.
 */
export async function openMediaSource(
  deps: { db: Db; storage: MediaStorage; ffprobePath: string; tempDir: string },
  owner: StreamOwner,
  source: { mediaId: string; loop: boolean },
  sessionId: string,
): Promise<MediaSource> {
  const row = await findStreamableMedia(deps.db, owner, source.mediaId);
  let file = deps.storage.localPath ? await deps.storage.localPath(row.storageKey) : null;
  let tempFile: string | null = null;
  if (file === null) {
    tempFile = path.join(deps.tempDir, `${sessionId}${path.extname(row.storageKey)}`);
    try {
      await pipeline(await deps.storage.get(row.storageKey), createWriteStream(tempFile, { flags: 'wx' }));
    } catch (err) {
      await rm(tempFile, { force: true });
      throw err;
    }
    file = tempFile;
  }
  return {
    mediaId: row.id,
    name: row.name,
    loop: source.loop,
    durationSeconds: row.durationSeconds,
    file,
    tempFile,
    hasAudio: await hasAudioStream(deps.ffprobePath, file),
  };
}
