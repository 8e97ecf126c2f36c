import { rm, stat } from 'node:fs/promises';
import { ERROR_CODES } from '@relaycast/shared/messages';
import type { MediaLimits } from '@relaycast/shared/plans';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { DiskGuard } from '../../../lib/media/disk-space';
import { type MediaProcessor, runProcess } from '../../../lib/media/ffmpeg';
import type { MediaStorage } from '../../../lib/media/storage';
import { newMediaId, storeMedia } from '../../media/media.service';
import type { StreamOwner } from '../destinations.service';
import { setSessionRecording } from '../sessions.service';
import { buildRemuxArgs } from './ffmpeg-args';

export interface RecordingLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Puts a finished stream's recording in the media library through the library's own storeMedia (same quota
 * lock and check as uploads): kept when the workspace's storage has room, dropped otherwise. The per-upload
 * file-size limit does not apply: the user did not upload it. The temporary files are removed either way.
 */
export async function keepRecording(
  deps: {
    db: Db;
    storage: MediaStorage;
    processor: MediaProcessor;
    log: RecordingLog;
    ffmpegPath: string;
    /** The remux writes an MP4 about the FLV's size: refused (not kept) when the disk has not that room. */
    disk: DiskGuard;
  },
  /** `path`: the recorder's FLV; it is remuxed to MP4 here. */
  recording: { sessionId: string; owner: StreamOwner; limits: MediaLimits; path: string; name: string },
): Promise<string | null> {
  const mp4Path = recording.path.replace(/\.flv$/, '.mp4');
  const thumbBase = `${mp4Path}.thumb`;
  let thumbnailPath: string | null = null;
  try {
    const recorded = await stat(recording.path).then(
      (s) => s.size,
      () => 0,
    );
    if (recorded === 0) return null;
    await deps.disk.assertRoom(recorded);
    await runProcess(deps.ffmpegPath, buildRemuxArgs(recording.path, mp4Path), { timeoutMs: 10 * 60_000 });
    const size = (await stat(mp4Path)).size;
    const facts = await deps.processor.probe(mp4Path, 'video');
    const thumbnail = await deps.processor.makeThumbnail(mp4Path, thumbBase, {
      kind: 'video',
      durationSeconds: facts?.durationSeconds ?? null,
    });
    thumbnailPath = thumbnail?.path ?? null;
    const row = await storeMedia(deps.db, deps.storage, {
      workspaceId: recording.owner.workspaceId,
      userId: recording.owner.userId,
      limits: recording.limits,
      file: {
        id: newMediaId(),
        name: recording.name,
        mimeType: 'video/mp4',
        kind: 'video',
        sizeBytes: size,
        width: facts?.width ?? null,
        height: facts?.height ?? null,
        durationSeconds: facts?.durationSeconds ?? null,
        path: mp4Path,
        thumbnail,
        extension: 'mp4',
      },
    });
    await setSessionRecording(deps.db, recording.sessionId, row.id);
    return row.id;
  } catch (err) {
    if (
      err instanceof AppError &&
      (err.code === ERROR_CODES.storageFull || err.code === ERROR_CODES.diskFull)
    ) {
      deps.log.info(
        { sessionId: recording.sessionId, code: err.code },
        'stream recording not kept: the storage quota or the disk is full',
      );
    } else {
      deps.log.warn(
        { sessionId: recording.sessionId, err: String(err) },
        'could not keep a stream recording',
      );
    }
    return null;
  } finally {
    await rm(recording.path, { force: true });
    await rm(mp4Path, { force: true });
    if (thumbnailPath) await rm(thumbnailPath, { force: true });
  }
}
