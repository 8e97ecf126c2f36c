import type { StreamSession } from '@relaycast/shared/streaming';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAndSwitch } from './workspaces.test-support';

let t: TestApp;
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
});
afterAll(() => t.close());

const destination = (streamKey: string) => ({
  platform: 'twitch',
  rtmpUrl: 'rtmp://live.twitch.tv/app',
  streamKey,
});

describe('deleting a workspace that is streaming', () => {
  it('ends its stream at once, and a refused delete leaves the stream running', async () => {
    const owner = await signInAsNewUser(t, { name: 'Stella Streamer' });
    const workspaceId = await createAndSwitch(owner, 'Live shows');
    const added = await owner.send('POST', '/api/streaming/destinations', destination('live_1_abcd'));
    expect(added.statusCode).toBe(201);
    const started = await owner.send('POST', '/api/streaming/sessions', {
      title: 'Night show',
    });
    expect(started.statusCode).toBe(201);
    const session = started.json() as StreamSession;
    const streamOwner = { userId: owner.userId, workspaceId };
    expect(t.app.streamEngine.liveSessionOf(streamOwner)?.id).toBe(session.id);

    const wrongName = await owner.send('DELETE', '/api/workspaces/current', { name: 'Live' });
    expect(wrongName.statusCode).toBe(400);
    expect(t.app.streamEngine.liveSessionOf(streamOwner)?.id).toBe(session.id);

    const deleted = await owner.send('DELETE', '/api/workspaces/current', {
      name: 'Live shows',
    });
    expect(deleted.statusCode).toBe(204);
    expect(t.app.streamEngine.isLive(streamOwner)).toBe(false);
    // The session fell back to the personal workspace, where the user can go live again at once (one stream
    // per user: had the deleted workspace's stream still run, this would be "You are already live").
    expect((await owner.send('GET', '/api/streaming/live')).json().session).toBeNull();
    await owner.send('POST', '/api/streaming/destinations', destination('live_2_abcd'));
    const again = await owner.send('POST', '/api/streaming/sessions', { title: 'Back' });
    expect(again.statusCode, again.body).toBe(201);
    expect(t.app.streamEngine.isLive({ userId: owner.userId, workspaceId: owner.workspaceId })).toBe(true);
  });
});
