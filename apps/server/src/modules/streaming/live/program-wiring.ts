import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { RESOLUTION_SIZES } from '@relaycast/shared/settings';
import { STREAMING_MESSAGES } from '@relaycast/shared/streaming';
import { recordSourceEvent } from '../stream-sessions.service';
import { slateImageFile } from '../stream-slate.service';
import type { SlateFormat } from './ffmpeg-args';
import type { ActiveSession } from './live-session';
import type { PublisherFormat, Relay } from './relay';
import type { FfmpegSpawner, PipelineOptions, StopResult } from './session-pipeline';
import { type ProgramDeps, SessionProgram } from './session-program';

/**
 * Builds a session's program (session-program.ts) and ties its events to the session: the drop and the return
 * are logged, written to the stream's record and pushed to the studio; the grace running out ends the stream
 * cleanly (docs/decisions/0101-slate-on-dropped-source.md).
 */
export function programFor(
  session: ActiveSession,
  deps: {
    options: Pick<PipelineOptions, 'db' | 'config' | 'log' | 'storage'>;
    relay: Relay;
    spawner: FfmpegSpawner;
    track: <T>(promise: Promise<T>) => Promise<T>;
    notify: (session: ActiveSession) => void;
    stop: (sessionId: string, result: StopResult) => void;
  },
): SessionProgram {
  const { db, config, log, storage } = deps.options;
  const record = (kind: 'source_lost' | 'source_returned') =>
    deps.track(
      recordSourceEvent(db, session.id, kind).catch((err: unknown) =>
        log.warn({ err: String(err) }, 'could not record a source drop'),
      ),
    );
  const programDeps: ProgramDeps = {
    relay: deps.relay,
    spawn: (args, options) => deps.spawner(args, options),
    log,
    slateFormat: () => slateFormatOf(session, deps.relay.publisherFormat(session.relayKey)),
    // The server-wide image (STREAM_SLATE_IMAGE) or the default card until the workspace's own image is found
    // (a source cannot drop before it has been on air a moment).
    slateImage: config.rtmp.slateImage,
    graceMs: config.rtmp.slateGraceMs,
  };
  const cacheDir = path.join(config.dataDir, 'tmp', 'slates');
  deps.track(
    slateImageFile({ db, storage, cacheDir }, session.owner.workspaceId)
      .then((file) => {
        if (file) programDeps.slateImage = file;
      })
      .catch((err: unknown) => log.warn({ err: String(err) }, "could not read the workspace's slate image")),
  );
  return new SessionProgram(session.relayKey, `p_${randomBytes(12).toString('base64url')}`, programDeps, {
    sourceLost: () => {
      log.info({ sessionId: session.id }, 'the stream source dropped: showing the slate');
      record('source_lost');
      deps.notify(session);
    },
    sourceReturned: () => {
      log.info({ sessionId: session.id }, 'the stream source is back');
      record('source_returned');
      deps.notify(session);
    },
    graceOver: () =>
      deps.stop(session.id, { status: 'ended', reason: STREAMING_MESSAGES.sourceDidNotReturn }),
    failed: (detail) => {
      log.warn({ sessionId: session.id, detail }, 'the stream program stopped');
      deps.stop(session.id, { status: 'failed', reason: STREAMING_MESSAGES.ingestFailed });
    },
  });
}

/**
 * The slate's picture and sound: what the source announced (OBS's metadata, kept from while it published),
 * else the session's settings (what the studio's stream is encoded to), AAC 48 kHz stereo.
 */
export function slateFormatOf(session: ActiveSession, announced: PublisherFormat | null): SlateFormat {
  if (announced) session.sourceFormat = announced;
  const known = session.sourceFormat;
  const size = RESOLUTION_SIZES[session.settings.resolution];
  const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);
  return {
    width: even(known?.width ?? size.width),
    height: even(known?.height ?? size.height),
    fps: Math.min(60, Math.max(1, Math.round(known?.fps ?? session.settings.fps))),
    sampleRate: known?.sampleRate ?? 48_000,
    channels: known?.channels === 1 ? 1 : 2,
  };
}
