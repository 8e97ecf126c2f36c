import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { StreamHighlights } from '@relaycast/shared/clips';
import type { MediaItem } from '@relaycast/shared/media';
import type { LiveStatus, StreamDetail, StreamSession } from '@relaycast/shared/streaming';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { SignedInUser } from '../../../../test/auth-requests';
import { TEST_ORIGIN, type TestApp } from '../../../../test/test-app';
import { CLIP_ANALYSIS_JOB } from '../../clips/clips-background';
import {
  createLiveTestApp,
  FFMPEG,
  freePort,
  isAlive,
  largestGap,
  probe,
  publishLikeObs,
  type Sink,
  startCamera,
  startSink,
  stopProcess,
  waitFor,
} from './streaming.test-support';

/**
 * The live engine end to end with real ffmpeg: a synthetic camera (lavfi test pattern and tone, as H.264 +
 * Opus in Matroska, what Chromium's MediaRecorder sends) goes over the ingest WebSocket, is encoded once to
 * the user's settings, published to the relay and copied to three local RTMP sinks standing in for platforms.
 */
const STREAM_SECONDS = 6;

let t: TestApp;
let ada: SignedInUser;
let dir: string;
let baseUrl: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, ada, dir, close } = await createLiveTestApp());
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await close();
});

async function live(): Promise<StreamSession | null> {
  return ((await ada.get('/api/streaming/live')).json() as LiveStatus).session;
}

describe('live engine with real ffmpeg', () => {
  it('fans one encode out to three sinks, survives a sink dying, reconnects it, and leaves no ffmpeg behind', async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    const sinks: Sink[] = [];
    for (const [i, port] of ports.entries())
      sinks.push(await startSink(port, path.join(dir, `sink${i}.flv`), `key${i}`));
    for (const [i, port] of ports.entries()) {
      const res = await ada.send('POST', '/api/streaming/destinations', {
        platform: 'custom',
        name: `Sink ${i}`,
        rtmpUrl: `rtmp://127.0.0.1:${port}/app`,
        streamKey: `key${i}`,
      });
      expect(res.statusCode).toBe(201);
    }

    const started = await ada.send('POST', '/api/streaming/sessions', { title: 'Integration' });
    expect(started.statusCode).toBe(201);
    const session = started.json() as StreamSession;
    expect(session.settings).toMatchObject({ resolution: '720p', bitrateKbps: 3000, fps: 30 });

    const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}${session.ingestPath}`, {
      headers: { cookie: ada.cookie, origin: TEST_ORIGIN },
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const { camera, exited: cameraDone } = startCamera(STREAM_SECONDS);
    camera.stdout.on('data', (chunk: Buffer) => ws.send(chunk, { binary: true }));

    await waitFor(
      async () => (await live())?.destinations.every((d) => d.state === 'live') ?? false,
      8_000,
      'all three destinations live',
    );
    const pids = t.app.streamEngine.activePids();
    expect(pids.length).toBeGreaterThanOrEqual(5); // ingest, three egress, recorder

    // One platform goes away mid-stream; it comes back on the same address.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await stopProcess(sinks[1]!.process, sinks[1]!.exited);
    const restarted = await startSink(ports[1]!, path.join(dir, 'sink1-again.flv'), 'key1');
    await waitFor(
      async () => {
        const d = (await live())?.destinations[1];
        return d?.state === 'live' && d.reconnects >= 1;
      },
      10_000,
      'the supervisor to reconnect the restarted sink',
    );
    const others = (await live())?.destinations.filter((_, i) => i !== 1);
    expect(others?.every((d) => d.state === 'live' && d.reconnects === 0)).toBe(true);
    // What /metrics reports of this node's outputs (modules/metrics): the same states and reconnects.
    const figures = t.app.streamEngine.outputFigures();
    expect(figures).toHaveLength(3);
    expect(figures.map((output) => output.reconnects).sort()).toEqual([0, 0, 1]);
    expect(figures.every((output) => output.state === 'live')).toBe(true);

    await cameraDone;
    ws.send(JSON.stringify({ type: 'end' }));
    expect(await closed).toBe(1000);
    await Promise.all([sinks[0]!.exited, sinks[2]!.exited, restarted.exited]);

    for (const file of [sinks[0]!.file, sinks[2]!.file]) {
      const facts = await probe(file);
      expect(facts).toMatchObject({
        videoCodec: 'h264',
        width: 1280,
        height: 720,
        audioCodec: 'aac',
        sampleRate: 48_000,
        channels: 2,
      });
      expect(facts.frameRate).toBeCloseTo(30, 0);
      expect(Math.abs(facts.durationSeconds - STREAM_SECONDS)).toBeLessThanOrEqual(0.5);
      expect(facts.keyframeTimes.length).toBeGreaterThanOrEqual(3);
      expect(largestGap(facts.keyframeTimes)).toBeLessThanOrEqual(2.05);
    }
    const again = await probe(restarted.file);
    expect(again.videoCodec).toBe('h264');
    expect(again.durationSeconds).toBeGreaterThan(0.5);

    // End Stream left nothing running.
    expect(t.app.streamEngine.activePids()).toEqual([]);
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    expect(await live()).toBeNull();

    const detail = (await ada.get(`/api/streaming/sessions/${session.id}`)).json() as StreamDetail;
    expect(detail.summary.status).toBe('ended');
    expect(detail.summary.destinations.map((d) => d.reconnects)).toEqual([0, 1, 0]);
    expect(detail.summary.durationSeconds).toBeGreaterThanOrEqual(STREAM_SECONDS - 1);
    expect(detail.series[0]!.points.length).toBeGreaterThan(0);
    expect(detail.summary.avgBitrateKbps).toBeGreaterThan(500);

    // The recording, copied from the relay, lands in the media library.
    let recordingId: string | null = null;
    await waitFor(
      async () => {
        recordingId = ((await ada.get(`/api/streaming/sessions/${session.id}`)).json() as StreamDetail)
          .summary.recordingMediaId;
        return recordingId !== null;
      },
      15_000,
      'the recording in the media library',
    );
    const media = (await ada.get(`/api/media/${recordingId}`)).json() as MediaItem;
    expect(media).toMatchObject({
      name: 'Integration.mp4',
      kind: 'video',
      mimeType: 'video/mp4',
      width: 1280,
      height: 720,
    });
    expect(Math.abs((media.durationSeconds ?? 0) - STREAM_SECONDS)).toBeLessThanOrEqual(0.5);
    // And its clip analysis is queued in the background (the job itself: stream-highlights.test.ts), already when
    // the recording shows on the stream: a page that saw it "not analysed" would stop waiting for its clips.
    const highlights = (
      await ada.get(`/api/streaming/sessions/${session.id}/highlights`)
    ).json() as StreamHighlights;
    expect(highlights.status).toBe('queued');
    const jobs = await t.db.execute(
      sql`select 1 from pgboss.job where name = ${CLIP_ANALYSIS_JOB} and data->>'mediaId' = ${recordingId}`,
    );
    expect((jobs as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  }, 60_000);

  it('refuses a publish with an unknown stream key at once', async () => {
    const relayPort = t.app.streamEngine.relay?.port;
    const publisher = spawn(
      FFMPEG,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostdin',
        '-re',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=320x180:rate=15',
        '-t',
        '10',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-f',
        'flv',
        `rtmp://127.0.0.1:${relayPort}/live/rc_not-a-real-key-000000`,
      ],
      { stdio: 'ignore' },
    );
    const code = await new Promise<number | null>((resolve) => publisher.on('close', resolve));
    // Accepted, it would have streamed its 10 s and exited 0.
    expect(code).not.toBe(0);
    expect(await live()).toBeNull();
  }, 20_000);

  it('takes a stream from OBS on the personal key to the enabled destinations', async () => {
    const destinations = (await ada.get('/api/streaming/destinations')).json() as {
      destinations: { id: string }[];
    };
    const [first, ...rest] = destinations.destinations;
    for (const d of rest) await ada.send('PATCH', `/api/streaming/destinations/${d.id}`, { enabled: false });
    const port = await freePort();
    await ada.send('PATCH', `/api/streaming/destinations/${first!.id}`, {
      rtmpUrl: `rtmp://127.0.0.1:${port}/app`,
    });
    const sink = await startSink(port, path.join(dir, 'obs.flv'), 'key0');
    const ingest = (await ada.get('/api/streaming/ingest')).json() as { rtmpUrl: string; streamKey: string };
    const relayPort = t.app.streamEngine.relay?.port;
    expect(ingest.rtmpUrl).toBe(`rtmp://localhost:${relayPort}/live`);
    const obs = spawn(
      FFMPEG,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostdin',
        '-re',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=320x180:rate=15',
        '-f',
        'lavfi',
        '-i',
        'sine=sample_rate=48000',
        '-t',
        '4',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-g',
        '30',
        '-c:a',
        'aac',
        '-f',
        'flv',
        `rtmp://127.0.0.1:${relayPort}/live/${ingest.streamKey}`,
      ],
      { stdio: 'ignore' },
    );
    const obsDone = new Promise<number | null>((resolve) => obs.on('close', resolve));
    await waitFor(
      async () => (await live())?.destinations[0]?.state === 'live',
      8_000,
      'the OBS stream to go live',
    );
    expect((await live())?.source).toBe('obs');
    // What OBS sends, as the relay counts it.
    await waitFor(
      async () => ((await live())?.ingestHealth?.bitrateKbps ?? 0) > 0,
      5_000,
      'OBS ingest figures',
    );
    expect((await live())?.ingestHealth?.fps).toBe(15);
    expect(await obsDone).toBe(0);
    // OBS is gone: after the reconnect grace the stream ends by itself and the sink gets its end of file.
    await waitFor(async () => (await live()) === null, 10_000, 'the OBS stream to end');
    await sink.exited;
    const facts = await probe(sink.file);
    expect(facts.videoCodec).toBe('h264');
    expect(Math.abs(facts.durationSeconds - 4)).toBeLessThanOrEqual(0.5);
    expect(t.app.streamEngine.activePids()).toEqual([]);
    expect(existsSync(sink.file)).toBe(true);
  }, 40_000);

  it('ends an OBS stream from the studio and does not let OBS reconnect into a new one', async () => {
    const destinations = (await ada.get('/api/streaming/destinations')).json() as {
      destinations: { id: string; enabled: boolean }[];
    };
    const first = destinations.destinations.find((d) => d.enabled);
    const port = await freePort();
    await ada.send('PATCH', `/api/streaming/destinations/${first!.id}`, {
      rtmpUrl: `rtmp://127.0.0.1:${port}/app`,
    });
    const sink = await startSink(port, path.join(dir, 'obs-ended.flv'), 'key0');
    const { streamKey } = (await ada.get('/api/streaming/ingest')).json() as { streamKey: string };
    const url = `rtmp://127.0.0.1:${t.app.streamEngine.relay?.port}/live/${streamKey}`;
    const obsDone = publishLikeObs(url, 20);
    await waitFor(
      async () => (await live())?.destinations[0]?.state === 'live',
      8_000,
      'the OBS stream to go live',
    );
    const id = (await live())?.id;
    const stopped = await ada.send('POST', `/api/streaming/sessions/${id}/stop`);
    expect(stopped.json().status).toBe('ended');
    // OBS is disconnected (it would have streamed 20 s and exited 0), and reconnecting is refused.
    expect(await obsDone).not.toBe(0);
    expect(await publishLikeObs(url, 10)).not.toBe(0);
    expect(await live()).toBeNull();
    await sink.exited;
    expect(t.app.streamEngine.activePids()).toEqual([]);
  }, 40_000);

  it('gives up on a destination that keeps refusing at once, with the reason, while the stream goes on', async () => {
    const destinations = (await ada.get('/api/streaming/destinations')).json() as {
      destinations: { id: string; enabled: boolean }[];
    };
    const first = destinations.destinations.find((d) => d.enabled);
    // Nothing listens there: every attempt fails within milliseconds, like a platform refusing a bad key.
    const closedPort = await freePort();
    await ada.send('PATCH', `/api/streaming/destinations/${first!.id}`, {
      rtmpUrl: `rtmp://127.0.0.1:${closedPort}/app`,
    });
    const { streamKey } = (await ada.get('/api/streaming/ingest')).json() as { streamKey: string };
    // The previous test ended a stream on the current key, which keeps it paused for a minute: use a new one.
    const rotated = (await ada.send('POST', '/api/streaming/ingest/rotate')).json() as { streamKey: string };
    expect(rotated.streamKey).not.toBe(streamKey);
    const obsDone = publishLikeObs(
      `rtmp://127.0.0.1:${t.app.streamEngine.relay?.port}/live/${rotated.streamKey}`,
      30,
    );
    await waitFor(
      async () => (await live())?.destinations[0]?.state === 'failed',
      20_000,
      'the destination to give up',
    );
    const status = await live();
    expect(status?.status).toBe('live');
    expect(status?.destinations[0]).toMatchObject({
      state: 'failed',
      reason: 'The platform refused the connection (check the RTMP URL).',
      reconnects: 2,
    });
    await ada.send('POST', `/api/streaming/sessions/${status?.id}/stop`);
    await obsDone;
    expect(t.app.streamEngine.activePids()).toEqual([]);
  }, 40_000);

  it('says when the encoder falls behind real time, with the time lost, and stops once it keeps up again', async () => {
    // The platform does not matter here (nothing listens there): the encode in front of it does.
    const destination = await ada.send('POST', '/api/streaming/destinations', {
      platform: 'custom',
      name: 'Nowhere',
      rtmpUrl: `rtmp://127.0.0.1:${await freePort()}/app`,
      streamKey: 'slowkey',
    });
    expect(destination.statusCode).toBe(201);
    const started = await ada.send('POST', '/api/streaming/sessions', {
      title: 'Too slow',
      destinationIds: [destination.json().id],
    });
    expect(started.statusCode).toBe(201);
    const session = started.json() as StreamSession;
    const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}${session.ingestPath}`, {
      headers: { cookie: ada.cookie, origin: TEST_ORIGIN },
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const { camera, exited: cameraDone } = startCamera(40);
    camera.stdout.on('data', (chunk: Buffer) => ws.send(chunk, { binary: true }));
    try {
      // 720p30 from a small camera: this machine keeps up, and the studio says nothing.
      // On a host busy with other tests the camera itself can lag for a moment: wait for a keeping-up window.
      await waitFor(
        async () => {
          const pace = (await live())?.ingestPace;
          return (pace?.speed ?? 0) > 0.9 && pace?.fallingBehind === null;
        },
        20_000,
        'a window that keeps up',
      );

      // An encoder that cannot keep up, at its most extreme: stopped, while the browser keeps sending.
      const ingestPid = t.app.streamEngine
        .activePids()
        .find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pipe:0'));
      expect(ingestPid).toBeDefined();
      process.kill(ingestPid!, 'SIGSTOP');
      try {
        await waitFor(
          async () => (await live())?.ingestPace?.fallingBehind === 'encoder',
          15_000,
          'the studio to say the encoder is too slow',
        );
        const behind = (await live())?.ingestPace;
        expect(behind?.speed).toBeLessThan(0.95);
        expect(behind?.behindSeconds).toBeGreaterThan(3);
        expect(behind?.backlogSeconds).toBeGreaterThan(1);
      } finally {
        process.kill(ingestPid!, 'SIGCONT');
      }
      // It reads its backlog faster than real time, and the warning goes.
      await waitFor(
        async () => (await live())?.ingestPace?.fallingBehind === null,
        15_000,
        'the warning to go once the encoder keeps up',
      );
    } finally {
      camera.kill('SIGKILL');
      await cameraDone;
      ws.send(JSON.stringify({ type: 'end' }));
    }
    expect(await closed).toBe(1000);
    expect(t.app.streamEngine.activePids()).toEqual([]);
  }, 90_000);
});
