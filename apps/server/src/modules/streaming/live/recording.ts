import { rm, stat } from 'node:fs/promises';
import type { MediaLimits } from '@relaycast/shared/plans';
import { STREAMING_MESSAGES } from '@relaycast/shared/streaming';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { DiskGuard } from '../../../lib/media/disk-space';
import { type MediaProcessor, runProcess } from '../../../lib/media/ffmpeg';
import type { MediaStorage } from '../../../lib/media/storage';
import { newMediaId, storeMedia } from '../../media/media.service';
import type { StreamOwner } from '../destinations.service';
import { setSessionRecording } from '../stream-sessions.service';
import { stopChild } from './child';
import { buildRemuxArgs } from './ffmpeg-args';
import type { ActiveSession } from './live-session';

/** How often a live recording's disk room is read (statfs). */
export const RECORDING_DISK_CHECK_MS = 5_000;

/** Room kept beyond a second copy of the recording: a few seconds of a high-bitrate stream. */
const RECORDING_DISK_MARGIN_BYTES = 64 * 1024 * 1024;

export interface RecordingLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Puts a finished stream's recording in the media library through the library's own storeMedia (same quota
 * lock and check as uploads): kept when the workspace's storage has room, dropped otherwise. The per-upload
 * file-size limit does not apply: the user did not upload it. The temporary files are removed either way.
 * `onStored` runs once the file is in the library and before the session names it as its recording, so whoever
 * sees the recording on the stream also sees what `onStored` set up (its clip analysis queued): a page that
 * read the recording in between saw it "not analysed" and stopped waiting for its clips. A failing `onStored`
 * is logged and the recording is kept all the same.
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
  onStored?: (kept: { workspaceId: string; mediaId: string }) => Promise<unknown>,
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
    await onStored?.({ workspaceId: recording.owner.workspaceId, mediaId: row.id }).catch((err: unknown) =>
      deps.log.warn(
        { sessionId: recording.sessionId, err: String(err) },
        'could not queue the analysis of a recording',
      ),
    );
    await setSessionRecording(deps.db, recording.sessionId, row.id);
    return row.id;
  } catch (err) {
    if (err instanceof AppError && (err.code === 'STORAGE_FULL' || err.code === 'DISK_FULL')) {
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

/**
 * While live: stops the recorder (the stream goes on) once the disk's room above its reserve no longer holds the
 * recording again plus a margin, since keeping it remuxes the FLV into an MP4 of about the same size
 * (docs/decisions/0061). What was recorded is kept at the end, and the session's reason says why it stops there.
 */
export async function stopRecordingAtDiskReserve(
  session: Pick<ActiveSession, 'id' | 'recorder' | 'stopping' | 'recordingStoppedReason'>,
  disk: DiskGuard,
  log: RecordingLog,
): Promise<void> {
  const recorder = session.recorder;
  if (!recorder || session.stopping || session.recordingStoppedReason) return;
  const recorded = await stat(recorder.path).then(
    (s) => s.size,
    () => 0,
  );
  if ((await disk.room()) >= recorded + RECORDING_DISK_MARGIN_BYTES) return;
  session.recordingStoppedReason = STREAMING_MESSAGES.recordingStoppedDiskFull;
  log.warn({ sessionId: session.id, recorded }, 'recording stopped: the disk reached its reserve');
  await stopChild(recorder.child);
}
