import {
  FIXED_SCENES,
  STREAMING_MESSAGES,
  type StreamDestination,
  type StreamSession,
} from '@relaycast/shared/streaming';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../test/test-app';
import { streamDestinations, streamIngestKeys } from '../../db/schema/index';

let t: TestApp;
let ada: SignedInUser;
let bob: SignedInUser;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      rtmp: {
        enabled: true,
        host: '127.0.0.1',
        port: 0,
        reconnectGraceMs: 1_000,
        slateGraceMs: 0,
        slateImage: null,
      },
    },
  });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  ada = await signInAsNewUser(t, { name: 'Ada' });
  bob = await signInAsNewUser(t, { name: 'Bob' });
});
afterAll(() => t.close());

const twitch = {
  platform: 'twitch',
  rtmpUrl: 'rtmp://live.twitch.tv/app',
  streamKey: 'live_123456_abcdWXYZ',
};

describe('destinations', () => {
  it.each([
    [{ ...twitch, streamKey: '   ' }, STREAMING_MESSAGES.destinationIncomplete],
    [{ ...twitch, rtmpUrl: '' }, STREAMING_MESSAGES.destinationIncomplete],
    [{ platform: 'twitch' }, STREAMING_MESSAGES.destinationIncomplete],
    [{ ...twitch, rtmpUrl: 'https://live.twitch.tv/app' }, STREAMING_MESSAGES.rtmpProtocol],
    [{ ...twitch, rtmpUrl: 'rtmp:// not a host' }, STREAMING_MESSAGES.rtmpInvalid],
    [{ ...twitch, platform: 'myspace' }, STREAMING_MESSAGES.unknownPlatform],
  ])('refuses %j with a clear message and stores nothing', async (body, message) => {
    const res = await ada.send('POST', '/api/streaming/destinations', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const rows = await t.db
      .select()
      .from(streamDestinations)
      .where(eq(streamDestinations.userId, ada.userId));
    expect(rows).toHaveLength(0);
  });

  it('stores the key encrypted and only ever returns its last four characters', async () => {
    const res = await ada.send('POST', '/api/streaming/destinations', {
      ...twitch,
      rtmpUrl: '  rtmp://live.twitch.tv/app ',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as StreamDestination;
    expect(created).toMatchObject({
      platform: 'twitch',
      name: 'Twitch',
      rtmpUrl: 'rtmp://live.twitch.tv/app',
      keyLastFour: 'WXYZ',
      enabled: true,
    });
    expect(res.body).not.toContain(twitch.streamKey);
    const list = await ada.get('/api/streaming/destinations');
    expect(list.body).not.toContain(twitch.streamKey);
    expect(list.json().destinations).toHaveLength(1);
    const [row] = await t.db.select().from(streamDestinations).where(eq(streamDestinations.id, created.id));
    expect(row?.streamKeyEncrypted).not.toContain(twitch.streamKey);

    const patched = await ada.send('PATCH', `/api/streaming/destinations/${created.id}`, {
      enabled: false,
      streamKey: 'new-key-9876',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ enabled: false, keyLastFour: '9876' });
    const blank = await ada.send('PATCH', `/api/streaming/destinations/${created.id}`, { streamKey: ' ' });
    expect(blank.json().message).toBe(STREAMING_MESSAGES.destinationIncomplete);
  });

  it('keeps each user to their own destinations', async () => {
    const [mine] = (await ada.get('/api/streaming/destinations')).json().destinations as StreamDestination[];
    expect((await bob.get('/api/streaming/destinations')).json().destinations).toEqual([]);
    const patch = await bob.send('PATCH', `/api/streaming/destinations/${mine!.id}`, { enabled: true });
    expect(patch.statusCode).toBe(404);
    expect((await bob.send('DELETE', `/api/streaming/destinations/${mine!.id}`)).statusCode).toBe(404);
    expect((await ada.get('/api/streaming/destinations')).json().destinations[0].enabled).toBe(false);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/streaming/destinations' });
    expect(res.statusCode).toBe(401);
  });
});

describe('scenes', () => {
  it('lists the three fixed scenes, then the user’s own', async () => {
    const created = await ada.send('POST', '/api/streaming/scenes', {
      name: 'Interview',
      sources: ['microphone', 'camera', 'screen'],
      cameraCorner: 'top-left',
    });
    expect(created.statusCode).toBe(201);
    const scenes = (await ada.get('/api/streaming/scenes')).json().scenes;
    expect(scenes.slice(0, 3)).toEqual(FIXED_SCENES);
    expect(scenes[3]).toMatchObject({
      name: 'Interview',
      sources: ['camera', 'screen', 'microphone'],
      cameraCorner: 'top-left',
      isCustom: true,
    });
    expect((await bob.get('/api/streaming/scenes')).json().scenes).toHaveLength(3);
    expect((await bob.send('DELETE', `/api/streaming/scenes/${scenes[3].id}`)).statusCode).toBe(404);
    expect((await ada.send('DELETE', `/api/streaming/scenes/${scenes[3].id}`)).statusCode).toBe(204);
  });

  it('refuses a scene without a name or sources', async () => {
    const noName = await ada.send('POST', '/api/streaming/scenes', { name: ' ', sources: ['camera'] });
    expect(noName.json().message).toBe(STREAMING_MESSAGES.sceneNameRequired);
    const noSources = await ada.send('POST', '/api/streaming/scenes', { name: 'Empty', sources: [] });
    expect(noSources.json().message).toBe(STREAMING_MESSAGES.sceneSourcesRequired);
  });
});

describe('personal ingest for OBS', () => {
  it('gives each user their own key, stable until rotated, with the relay URL on PUBLIC_URL’s host', async () => {
    const first = (await ada.get('/api/streaming/ingest')).json();
    expect(first.rtmpUrl).toBe(`rtmp://localhost:${t.app.streamEngine.relay?.port}/live`);
    expect(first.relayRunning).toBe(true);
    expect(first.streamKey).toMatch(/^rc_[A-Za-z0-9_-]{20,}$/);
    expect((await ada.get('/api/streaming/ingest')).json().streamKey).toBe(first.streamKey);
    expect((await bob.get('/api/streaming/ingest')).json().streamKey).not.toBe(first.streamKey);
    const rotated = (await ada.send('POST', '/api/streaming/ingest/rotate')).json();
    expect(rotated.streamKey).not.toBe(first.streamKey);
    const [row] = await t.db.select().from(streamIngestKeys).where(eq(streamIngestKeys.userId, ada.userId));
    expect(row?.keyEncrypted).not.toContain(rotated.streamKey);
  });
});

describe('stream sessions', () => {
  it('needs an enabled destination to go live', async () => {
    const res = await bob.send('POST', '/api/streaming/sessions', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(STREAMING_MESSAGES.noDestinations);
  });

  it('goes live once, locks destinations while live, and ends', async () => {
    const [mine] = (await ada.get('/api/streaming/destinations')).json().destinations as StreamDestination[];
    await ada.send('PATCH', `/api/streaming/destinations/${mine!.id}`, { enabled: true });
    const started = await ada.send('POST', '/api/streaming/sessions', { title: 'Morning show' });
    expect(started.statusCode).toBe(201);
    const session = started.json() as StreamSession;
    expect(session).toMatchObject({ title: 'Morning show', source: 'browser', status: 'starting' });
    expect(session.ingestPath).toBe(`/api/streaming/sessions/${session.id}/ingest`);
    expect(session.destinations.map((d) => d.name)).toEqual(['Twitch']);
    expect(JSON.stringify(session)).not.toContain('new-key-9876');

    const again = await ada.send('POST', '/api/streaming/sessions', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STREAMING_MESSAGES.alreadyLive);
    for (const [method, url, body] of [
      ['POST', '/api/streaming/destinations', twitch],
      ['PATCH', `/api/streaming/destinations/${mine!.id}`, { enabled: false }],
      ['DELETE', `/api/streaming/destinations/${mine!.id}`, undefined],
    ] as const) {
      const res = await ada.send(method, url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(STREAMING_MESSAGES.lockedWhileLive);
    }
    expect((await ada.get('/api/streaming/live')).json().session.id).toBe(session.id);
    expect((await bob.get('/api/streaming/live')).json().session).toBeNull();
    expect((await bob.send('POST', `/api/streaming/sessions/${session.id}/stop`)).statusCode).toBe(404);
    expect((await bob.get(`/api/streaming/sessions/${session.id}`)).statusCode).toBe(404);

    const stopped = await ada.send('POST', `/api/streaming/sessions/${session.id}/stop`);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().status).toBe('ended');
    expect((await ada.get('/api/streaming/live')).json().session).toBeNull();
    const history = (await ada.get('/api/streaming/sessions')).json().sessions;
    expect(history[0]).toMatchObject({ id: session.id, title: 'Morning show', status: 'ended' });
    expect((await bob.get('/api/streaming/sessions')).json().sessions).toEqual([]);
  });

  it('refuses ingest sockets without the owner’s cookie or from another origin', async () => {
    const session = (await ada.send('POST', '/api/streaming/sessions', {})).json() as StreamSession;
    const url = `${baseUrl.replace('http', 'ws')}${session.ingestPath}`;
    const closeCode = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(url, { headers });
        ws.on('close', (code) => resolve(code));
        ws.on('error', reject);
      });
    expect(await closeCode({ origin: TEST_ORIGIN })).toBe(4401);
    expect(await closeCode({ origin: TEST_ORIGIN, cookie: bob.cookie })).toBe(4404);
    expect(await closeCode({ origin: 'https://evil.example', cookie: ada.cookie })).toBe(4401);
    await ada.send('POST', `/api/streaming/sessions/${session.id}/stop`);
  });
});

describe('without the relay', () => {
  it('says live streaming is not available instead of failing', async () => {
    const off = await createTestApp();
    try {
      const carol = await signInAsNewUser(off, { name: 'Carol' });
      await carol.send('POST', '/api/streaming/destinations', twitch);
      const res = await carol.send('POST', '/api/streaming/sessions', {});
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(STREAMING_MESSAGES.streamingUnavailable);
      expect((await carol.get('/api/streaming/ingest')).json().relayRunning).toBe(false);
    } finally {
      await off.close();
    }
  });
});
