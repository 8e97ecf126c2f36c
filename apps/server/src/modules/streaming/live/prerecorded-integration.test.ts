import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PlannedStream } from '@relaycast/shared/planned-streams';
import type { LiveStatus, StreamDetail, StreamSession } from '@relaycast/shared/streaming';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../../test/auth-requests';
import type { TestApp } from '../../../../test/test-app';
import { mediaFiles } from '../../../db/schema/index';
import { startDuePrerecordedStreams } from '../../planned-streams/planned-streams-autostart';
import {
  createLiveTestApp,
  FFMPEG,
  freePort,
  largestGap,
  probe,
  startSink,
  waitFor,
} from './streaming.test-support';

/**
 * Pre-recorded streams with real ffmpeg: a short generated video in the media library is played into the relay
 * at real time (`-re`) and copied to a local RTMP sink standing in for a platform.
 */
const run = promisify(execFile);

let t: TestApp;
let ada: SignedInUser;
let dir: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, ada, dir, close } = await createLiveTestApp({}, 'relaycast-prerecorded-'));
});

afterAll(async () => {
  await close();
});

/** A test pattern of `seconds` (with a tone when `audio`), stored in Ada's library as a video. */
async function libraryVideo(
  app: TestApp,
  owner: { userId: string; workspaceId: string },
  workDir: string,
  seconds: number,
  audio: boolean,
): Promise<string> {
  const file = path.join(workDir, `${randomUUID()}.mp4`);
  await run(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=size=320x240:rate=25:duration=${seconds}`],
    ...(audio ? ['-f', 'lavfi', '-i', `sine=sample_rate=48000:duration=${seconds}`] : []),
    // A long GOP on purpose: the stream must still get a keyframe every 2 s.
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '250', ...(audio ? ['-c:a', 'aac'] : [])],
    file,
  ]);
  const id = randomUUID();
  const key = `${owner.workspaceId}/${id}.mp4`;
  const sizeBytes = statSync(file).size;
  await app.app.mediaStorage.put(key, file, 'video/mp4');
  await app.db.insert(mediaFiles).values({
    id,
    workspaceId: owner.workspaceId,
    uploadedBy: owner.userId,
    name: `clip-${seconds}s.mp4`,
    mimeType: 'video/mp4',
    kind: 'video',
    sizeBytes,
    width: 320,
    height: 240,
    durationSeconds: seconds,
    storageKey: key,
  });
  return id;
}

async function live(): Promise<StreamSession | null> {
  return ((await ada.get('/api/streaming/live')).json() as LiveStatus).session;
}

async function sinkDestination(name: string) {
  const port = await freePort();
  const sink = await startSink(port, path.join(dir, `${name}.flv`), 'key');
  const res = await ada.send('POST', '/api/streaming/destinations', {
    platform: 'custom',
    name,
    rtmpUrl: `rtmp://127.0.0.1:${port}/app`,
    streamKey: 'key',
  });
  expect(res.statusCode).toBe(201);
  return { sink, destinationId: (res.json() as { id: string }).id };
}

describe('pre-recorded streams with real ffmpeg', () => {
  it('plays a library video once at real time with 2 s keyframes and ends the stream at its end', async () => {
    const mediaId = await libraryVideo(t, ada, dir, 4, true);
    const { sink, destinationId } = await sinkDestination('once');
    const startedAt = Date.now();
    const res = await ada.send('POST', '/api/streaming/sessions', {
      destinationIds: [destinationId],
      source: { kind: 'media', mediaId, loop: false },
    });
    expect(res.statusCode).toBe(201);
    const session = res.json() as StreamSession;
    expect(session).toMatchObject({ source: 'media', title: 'clip-4s.mp4', ingestPath: null });
    expect(session.media).toMatchObject({ mediaId, loop: false, durationSeconds: 4 });

    await waitFor(async () => (await live())?.destinations[0]?.state === 'live', 10_000, 'the sink live');
    // The stream ends by itself when the file does: no End Stream.
    await waitFor(async () => (await live()) === null, 15_000, 'the stream to end by itself');
    const elapsed = (Date.now() - startedAt) / 1000;
    await sink.exited;
    // Paced at real time: it took at least about as long as the video, not a burst.
    expect(elapsed).toBeGreaterThanOrEqual(3.5);

    const facts = await probe(sink.file);
    expect(facts).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', sampleRate: 48_000, channels: 2 });
    expect(Math.abs(facts.durationSeconds - 4)).toBeLessThanOrEqual(0.6);
    expect(facts.keyframeTimes.length).toBeGreaterThanOrEqual(2);
    expect(largestGap(facts.keyframeTimes)).toBeLessThanOrEqual(2.05);

    const detail = (await ada.get(`/api/streaming/sessions/${session.id}`)).json() as StreamDetail;
    expect(detail.summary).toMatchObject({ status: 'ended', source: 'media' });
    expect(t.app.streamEngine.activePids()).toEqual([]);
  }, 40_000);

  it('loops a silent video past its end, with silence as audio, until End Stream', async () => {
    const mediaId = await libraryVideo(t, ada, dir, 2, false);
    const { sink, destinationId } = await sinkDestination('loop');
    const res = await ada.send('POST', '/api/streaming/sessions', {
      destinationIds: [destinationId],
      source: { kind: 'media', mediaId, loop: true },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as StreamSession;
    await waitFor(
      async () => ((await live())?.media?.loopsCompleted ?? 0) >= 2,
      15_000,
      'two passes of the looping video',
    );
    const status = await live();
    expect(status?.status).toBe('live');
    expect(status?.media?.positionSeconds).toBeLessThanOrEqual(2);
    expect((await ada.send('POST', `/api/streaming/sessions/${id}/stop`)).statusCode).toBe(200);
    // The sink ends by itself when the stream does, after writing the file's end (killed, it left no duration).
    await sink.exited;

    const facts = await probe(sink.file);
    expect(facts).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
    // Two passes of 2 s and more: the loop went on past the file's end.
    expect(facts.durationSeconds).toBeGreaterThan(3.5);
    expect(largestGap(facts.keyframeTimes)).toBeLessThanOrEqual(2.05);
    expect(t.app.streamEngine.activePids()).toEqual([]);
  }, 40_000);
});

describe('pre-recorded stream checks and planned starts', () => {
  it('refuses another workspace’s video (404), an image (400) and a malformed source (400), for Go Live and plans', async () => {
    const bob = await signInAsNewUser(t, { name: 'Bob' });
    const bobsVideo = await libraryVideo(t, bob, dir, 1, false);
    const image = randomUUID();
    await t.db.insert(mediaFiles).values({
      id: image,
      workspaceId: ada.workspaceId,
      uploadedBy: ada.userId,
      name: 'cover.png',
      mimeType: 'image/png',
      kind: 'image',
      sizeBytes: 10,
      storageKey: `${ada.workspaceId}/${image}.png`,
    });
    const go = (source: unknown) => ada.send('POST', '/api/streaming/sessions', { source });
    const other = await go({ kind: 'media', mediaId: bobsVideo });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ message: 'This video is not in your media library.' });
    const notVideo = await go({ kind: 'media', mediaId: image });
    expect(notVideo.statusCode).toBe(400);
    expect(notVideo.json()).toMatchObject({
      message: 'Only a video can be streamed. Choose a video from the media library.',
    });
    expect((await go({ kind: 'file', mediaId: image })).statusCode).toBe(400);
    expect((await go({ kind: 'media', mediaId: '' })).statusCode).toBe(400);

    const plan = (source: unknown) =>
      ada.send('POST', '/api/scheduled-streams', {
        title: 'Replay',
        scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
        timezone: 'UTC',
        source,
      });
    expect((await plan({ kind: 'media', mediaId: bobsVideo })).statusCode).toBe(404);
    expect((await plan({ kind: 'media', mediaId: image })).statusCode).toBe(400);
    expect(await live()).toBeNull();
  });

  it('starts a planned pre-recorded stream at its time, once', async () => {
    const mediaId = await libraryVideo(t, ada, dir, 2, true);
    const { sink, destinationId } = await sinkDestination('planned');
    const at = new Date(Date.now() + 60_000);
    const created = await ada.send('POST', '/api/scheduled-streams', {
      title: 'Planned replay',
      scheduledAt: at.toISOString(),
      timezone: 'UTC',
      destinationIds: [destinationId],
      source: { kind: 'media', mediaId, loop: false },
    });
    expect(created.statusCode).toBe(201);
    const planned = created.json() as PlannedStream;
    expect(planned.source).toEqual({ kind: 'media', mediaId, loop: false });
    const deps = { db: t.db, engine: t.app.streamEngine, log: t.app.log };

    // Not yet: a second before its time nothing starts.
    expect(await startDuePrerecordedStreams(deps, new Date(at.getTime() - 1_000))).toBe(0);
    expect(await startDuePrerecordedStreams(deps, new Date(at.getTime() + 1_000))).toBe(1);
    // Claimed: a second run (another process, say) does not start it again.
    expect(await startDuePrerecordedStreams(deps, new Date(at.getTime() + 2_000))).toBe(0);

    const session = await live();
    expect(session).toMatchObject({ title: 'Planned replay', source: 'media' });
    const after = (await ada.get(`/api/scheduled-streams/${planned.id}`)).json() as PlannedStream;
    expect(after.autoStart).toMatchObject({ sessionId: session?.id, error: null });
    await waitFor(async () => (await live()) === null, 15_000, 'the planned stream to end with its video');
    await sink.exited;
    const facts = await probe(sink.file);
    expect(facts.videoCodec).toBe('h264');
    expect(Math.abs(facts.durationSeconds - 2)).toBeLessThanOrEqual(0.6);
  }, 30_000);
});
