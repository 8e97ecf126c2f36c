// Over 300 lines on purpose: the slate's cases share one live server and its sinks, started once (about 10 s).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LiveStatus, StreamDetail, StreamSession } from '@relaycast/shared/streaming';
import { STREAMING_MESSAGES } from '@relaycast/shared/streaming';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { SignedInUser } from '../../../../test/auth-requests';
import { TEST_ORIGIN, type TestApp } from '../../../../test/test-app';
import { streamSessions } from '../../../db/schema/index';
import { uploadFile } from '../../media/media.test-support';
import {
  createLiveTestApp,
  FFMPEG,
  FFPROBE,
  freePort,
  largestGap,
  probe,
  type Sink,
  startCamera,
  startObs,
  startSink,
  waitFor,
} from './streaming.test-support';

/**
 * A dropped source (docs/decisions/0101-slate-on-dropped-source.md) with real ffmpeg: the local RTMP sink standing
 * in for a platform keeps its one connection while OBS (or the studio) is gone and receives the slate, then the
 * source again; the slate's grace running out ends the stream cleanly.
 */
const run = promisify(execFile);
/** Long enough for OBS to reconnect on a busy 2-core machine; the expiry test shortens it. */
const GRACE_MS = 20_000;
const SHORT_GRACE_MS = 4_000;

let t: TestApp;
let ada: SignedInUser;
let dir: string;
let close: () => Promise<void>;
let baseUrl: string;

beforeAll(async () => {
  ({ t, ada, dir, close } = await createLiveTestApp({ slateGraceMs: GRACE_MS }, 'relaycast-slate-'));
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 120_000);

afterAll(async () => {
  await close();
});

async function live(): Promise<StreamSession | null> {
  return ((await ada.get('/api/streaming/live')).json() as LiveStatus).session;
}

/** One destination, the only enabled one, pointing at a fresh sink. */
async function oneSink(name: string): Promise<Sink> {
  const [sink] = await sinks(name);
  if (!sink) throw new Error('no sink');
  return sink;
}

/** One enabled destination per name (the others disabled), each pointing at a fresh sink. */
async function sinks(...names: string[]): Promise<Sink[]> {
  const list = (await ada.get('/api/streaming/destinations')).json() as { destinations: { id: string }[] };
  for (const d of list.destinations)
    await ada.send('PATCH', `/api/streaming/destinations/${d.id}`, { enabled: false });
  const started: Sink[] = [];
  for (const name of names) {
    const port = await freePort();
    const created = await ada.send('POST', '/api/streaming/destinations', {
      platform: 'custom',
      name,
      rtmpUrl: `rtmp://127.0.0.1:${port}/app`,
      streamKey: 'key',
    });
    expect(created.statusCode).toBe(201);
    started.push(await startSink(port, path.join(dir, `${name}.flv`)));
  }
  return started;
}

/** The longest gap between two video packets of a file, in seconds: a platform ends a stream that goes quiet. */
async function longestVideoGap(file: string): Promise<number> {
  const { stdout } = await run(
    FFPROBE,
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file],
    { timeout: 30_000, maxBuffer: 16 * 1024 * 1024 },
  );
  return largestGap(stdout.split('\n').map(Number.parseFloat).filter(Number.isFinite));
}

/**
 * Per frame of the received file: colourful (the test pattern) or grey (the slate), as runs.
 * testsrc2 is saturated; the slate is a dark grey frame with white text.
 */
async function picturesOf(file: string): Promise<string[]> {
  const { stdout } = await run(
    FFPROBE,
    [
      // Five small frames a second are enough to tell the pattern from the slate, and cheap.
      ...['-v', 'error', '-f', 'lavfi', '-i', `movie=${file},fps=5,scale=160:-2,signalstats`],
      ...['-show_entries', 'frame_tags=lavfi.signalstats.SATAVG,lavfi.signalstats.UAVG', '-of', 'csv=p=0'],
    ],
    { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
  );
  // signalstats gives UAVG before SATAVG. A blue picture (the workspace's slate below) is all U.
  const kinds = stdout
    .split('\n')
    .map((line) => line.split(',').map(Number.parseFloat))
    .filter(([u, saturation]) => Number.isFinite(saturation) && Number.isFinite(u))
    .map(([u = 0, saturation = 0]) => (u > 200 ? 'image' : saturation > 15 ? 'source' : 'slate'));
  return kinds.filter((kind, i) => kind !== kinds[i - 1]);
}

async function sourceEventsOf(id: string) {
  const [row] = await t.db
    .select({ events: streamSessions.sourceEvents })
    .from(streamSessions)
    .where(eq(streamSessions.id, id));
  return row?.events.map((event) => event.kind) ?? [];
}

describe('slate on a dropped source', () => {
  it('keeps two platforms connected through a 10 s OBS drop, shows the slate, then OBS again', async () => {
    const received = await sinks('obs-drop-a', 'obs-drop-b');
    const ingest = (await ada.get('/api/streaming/ingest')).json() as { rtmpUrl: string; streamKey: string };
    const url = `rtmp://127.0.0.1:${t.app.streamEngine.relay?.port}/live/${ingest.streamKey}`;
    const first = startObs(url, 60);
    await waitFor(async () => (await live())?.destinations[0]?.state === 'live', 15_000, 'the stream live');
    const id = (await live())?.id ?? '';
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // OBS's connection drops: the stream stays live on the slate, with the time it ends at.
    first.process.kill('SIGKILL');
    await waitFor(async () => Boolean((await live())?.slate), 8_000, 'the slate');
    const onSlate = await live();
    expect(onSlate?.status).toBe('live');
    expect(Date.parse(onSlate?.slate?.endsAt ?? '')).toBeGreaterThan(Date.now());
    await new Promise((resolve) => setTimeout(resolve, 9_000));
    // OBS reconnects within the grace, 10 s after the cut: the same stream goes on with its picture.
    const second = startObs(url, 60);
    await waitFor(async () => (await live())?.slate === null, 15_000, 'the source back');
    expect((await live())?.id).toBe(id);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await t.app.streamEngine.stopSession(id);
    second.process.kill('SIGKILL');
    await second.exited;
    for (const sink of received) expect(await sink.exited).toBe(0);

    const detail = (await ada.get(`/api/streaming/sessions/${id}`)).json() as StreamDetail;
    expect(detail.summary.status).toBe('ended');
    expect(detail.summary.destinations.map((d) => d.reconnects)).toEqual([0, 0]);
    expect(await sourceEventsOf(id)).toEqual(['source_lost', 'source_returned']);
    // Stream analytics shows the drop: when, and the slate's time until OBS came back.
    expect(detail.sourceDrops).toHaveLength(1);
    expect(detail.sourceDrops[0]).toMatchObject({ returned: true });
    expect(detail.sourceDrops[0]?.seconds).toBeGreaterThan(8);
    for (const sink of received) {
      const facts = await probe(sink.file);
      expect(facts).toMatchObject({ videoCodec: 'h264', width: 320, height: 180, audioCodec: 'aac' });
      // One file, one connection: the picture, the slate between, the picture again, never a second quiet.
      expect(await picturesOf(sink.file)).toEqual(['source', 'slate', 'source']);
      expect(await longestVideoGap(sink.file)).toBeLessThan(1);
    }
  }, 90_000);

  it('ends the stream at once when OBS stops streaming on purpose: a stop is no drop', async () => {
    const sink = await oneSink('obs-stop');
    const ingest = (await ada.get('/api/streaming/ingest')).json() as { streamKey: string };
    const url = `rtmp://127.0.0.1:${t.app.streamEngine.relay?.port}/live/${ingest.streamKey}`;
    // ffmpeg at the end of its input says deleteStream, as OBS's Stop Streaming does.
    const obs = startObs(url, 4);
    await waitFor(async () => (await live())?.destinations[0]?.state === 'live', 15_000, 'the stream live');
    const id = (await live())?.id ?? '';
    expect(await obs.exited).toBe(0);
    const stoppedAt = Date.now();
    await waitFor(async () => (await live()) === null, 10_000, 'the stream to end');
    // Well inside the slate's grace and the relay's reconnect grace.
    expect(Date.now() - stoppedAt).toBeLessThan(GRACE_MS / 2);
    expect(await sink.exited).toBe(0);
    const [row] = await t.db
      .select({ status: streamSessions.status, reason: streamSessions.reason })
      .from(streamSessions)
      .where(eq(streamSessions.id, id));
    expect(row).toEqual({ status: 'ended', reason: null });
    expect(await sourceEventsOf(id)).toEqual([]);
  }, 40_000);

  it("ends the stream cleanly when the source does not come back within the grace, the workspace's image on", async () => {
    // Read when a stream goes live.
    t.config.rtmp.slateGraceMs = SHORT_GRACE_MS;
    // The workspace's own slate: a blue picture from its media library instead of the default card.
    const blue = path.join(dir, 'blue.png');
    await run(FFMPEG, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:s=320x180',
      '-frames:v',
      '1',
      blue,
    ]);
    const uploaded = await uploadFile(t.app, ada.cookie, 'be-right-back.png', readFileSync(blue));
    expect(uploaded.statusCode).toBe(201);
    const chosen = await ada.send('PUT', '/api/streaming/slate', { mediaId: uploaded.json().id });
    expect(chosen.statusCode).toBe(200);
    const sink = await oneSink('obs-gone');
    const ingest = (await ada.get('/api/streaming/ingest')).json() as { streamKey: string };
    const url = `rtmp://127.0.0.1:${t.app.streamEngine.relay?.port}/live/${ingest.streamKey}`;
    const obs = startObs(url, 60);
    await waitFor(async () => (await live())?.destinations[0]?.state === 'live', 15_000, 'the stream live');
    const id = (await live())?.id ?? '';
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    obs.process.kill('SIGKILL');
    await waitFor(async () => Boolean((await live())?.slate), 8_000, 'the slate');
    await waitFor(async () => (await live()) === null, SHORT_GRACE_MS + 6_000, 'the stream to end');
    t.config.rtmp.slateGraceMs = GRACE_MS;
    expect(await sink.exited).toBe(0);
    const detail = (await ada.get(`/api/streaming/sessions/${id}`)).json() as StreamDetail;
    expect(detail.summary.status).toBe('ended');
    const [row] = await t.db
      .select({ reason: streamSessions.reason })
      .from(streamSessions)
      .where(eq(streamSessions.id, id));
    expect(row?.reason).toBe(STREAMING_MESSAGES.sourceDidNotReturn);
    expect(await sourceEventsOf(id)).toEqual(['source_lost']);
    expect(detail.sourceDrops).toMatchObject([{ returned: false }]);
    expect(detail.sourceDrops[0]?.seconds).toBeGreaterThanOrEqual(SHORT_GRACE_MS / 1000 - 0.5);
    expect(await picturesOf(sink.file)).toEqual(['source', 'image']);
    expect(t.app.streamEngine.activePids()).toEqual([]);
    await ada.send('PUT', '/api/streaming/slate', { mediaId: null });
  }, 40_000);

  it("copies the studio's H.264 at the stream's size and rate (only the audio is converted), else encodes", async () => {
    const sink = await oneSink('studio-copy');
    const stream = async (query: string, size: string) => {
      const started = (
        await ada.send('POST', '/api/streaming/sessions', { title: 'Copy' })
      ).json() as StreamSession;
      const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}${started.ingestPath}${query}`, {
        headers: { cookie: ada.cookie, origin: TEST_ORIGIN },
      });
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      const { camera, exited } = startCamera(30, size);
      camera.stdout.on('data', (chunk: Buffer) => {
        if (ws.readyState === ws.OPEN) ws.send(chunk, { binary: true });
      });
      await waitFor(async () => (await live())?.destinations[0]?.state === 'live', 15_000, 'the stream live');
      const video = (await live())?.ingestVideo;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      ws.send(JSON.stringify({ type: 'end' }));
      expect(await closed).toBe(1000);
      camera.kill('SIGKILL');
      await exited;
      return video;
    };
    // The studio's default: 720p at 30 fps, H.264 from the browser's encoder.
    expect(await stream('?video=h264&width=1280&height=720&fps=30', '1280x720')).toEqual({
      mode: 'copy',
      reason: null,
    });
    expect(await sink.exited).toBe(0);
    const facts = await probe(sink.file);
    expect(facts).toMatchObject({ videoCodec: 'h264', width: 1280, height: 720, audioCodec: 'aac' });
    // The copy keeps the browser's rate and its 2 s keyframes.
    expect(facts.frameRate).toBeCloseTo(30, 0);
    expect(largestGap(facts.keyframeTimes)).toBeLessThanOrEqual(2.1);
    // A picture of another size (or a studio that does not say) is encoded to the stream's settings.
    const second = await oneSink('studio-encode');
    expect(await stream('?video=h264&width=640&height=360&fps=30', '640x360')).toEqual({
      mode: 'encode',
      reason: 'size',
    });
    expect(await second.exited).toBe(0);
    expect(await probe(second.file)).toMatchObject({ videoCodec: 'h264', width: 1280, height: 720 });
  }, 60_000);

  it('resumes the same studio stream when its socket drops and reconnects', async () => {
    const sink = await oneSink('studio-blip');
    const started = (
      await ada.send('POST', '/api/streaming/sessions', { title: 'Blip' })
    ).json() as StreamSession;
    const connect = async () => {
      const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}${started.ingestPath}`, {
        headers: { cookie: ada.cookie, origin: TEST_ORIGIN },
      });
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      const { camera, exited } = startCamera(60);
      camera.stdout.on('data', (chunk: Buffer) => {
        if (ws.readyState === ws.OPEN) ws.send(chunk, { binary: true });
      });
      return { ws, camera, exited };
    };
    const first = await connect();
    await waitFor(async () => (await live())?.destinations[0]?.state === 'live', 15_000, 'the stream live');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // The network drops: no End Stream, the socket is just gone.
    first.ws.terminate();
    first.camera.kill('SIGKILL');
    await waitFor(async () => Boolean((await live())?.slate), 8_000, 'the slate');
    const second = await connect();
    await waitFor(async () => (await live())?.slate === null, 20_000, 'the studio back');
    expect((await live())?.id).toBe(started.id);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const closed = new Promise<number>((resolve) => second.ws.on('close', (code) => resolve(code)));
    second.ws.send(JSON.stringify({ type: 'end' }));
    expect(await closed).toBe(1000);
    second.camera.kill('SIGKILL');
    await second.exited;
    expect(await sink.exited).toBe(0);
    const detail = (await ada.get(`/api/streaming/sessions/${started.id}`)).json() as StreamDetail;
    expect(detail.summary.status).toBe('ended');
    expect(detail.summary.destinations.map((d) => d.reconnects)).toEqual([0]);
    expect(await sourceEventsOf(started.id)).toEqual(['source_lost', 'source_returned']);
    expect((await picturesOf(sink.file)).slice(0, 3)).toEqual(['source', 'slate', 'source']);
  }, 60_000);
});
