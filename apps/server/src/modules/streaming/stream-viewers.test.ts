import { randomUUID } from 'node:crypto';
import type { StreamDetail } from '@relaycast/shared/streaming';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { socialAccounts, streamSessions } from '../../db/schema/index';
import { connectorFor, registerConnector } from '../../platforms/registry';
import { PlatformError } from '../../platforms/types';
import { insertAccount } from '../engagement/engagement.test-support';
import { insertSession } from './stream-sessions.service';
import { sweepStreamViewers } from './stream-viewers';

/**
 * Live viewer counts read from the platform's API (YouTube) into the stream's destinations, through the
 * connector's `analytics.readLiveViewers` (scripted here per channel; the HTTP side is tested against the
 * YouTube fake in platforms/youtube/youtube.analytics.test.ts).
 */

let t: TestApp;
let ada: SignedInUser;
let bo: SignedInUser;
let restore: () => void;
/** What each channel (platformAccountId) answers: live with viewers, live with the count hidden, not live. */
const channels = new Map<string, number | 'hidden' | 'offline' | 'revoked'>();
const asked: string[] = [];

beforeAll(async () => {
  const youtube = connectorFor('youtube');
  const analytics = youtube.analytics;
  if (!analytics) throw new Error('youtube has analytics');
  restore = registerConnector({
    ...youtube,
    analytics: {
      ...analytics,
      async readLiveViewers(_ctx, credentials) {
        asked.push(credentials.platformAccountId);
        const answer = channels.get(credentials.platformAccountId) ?? 'offline';
        if (answer === 'revoked') throw new PlatformError('reauthorize', 'Token revoked');
        if (answer === 'offline') return { live: false, reads: 1 };
        if (answer === 'hidden') return { live: true, reads: 2 };
        return {
          live: true,
          reads: 2,
          viewers: {
            value: answer,
            platformMetric: 'liveStreamingDetails.concurrentViewers',
            kind: 'unique',
          },
        };
      },
    },
  });
  t = await createTestApp();
  ada = await signInAsNewUser(t, { name: 'Ada' });
  bo = await signInAsNewUser(t, { name: 'Bo' });
});
afterAll(async () => {
  restore();
  await t.close();
});

async function liveStream(
  member: SignedInUser,
  destinations: { id: string; platform: 'youtube' | 'twitch'; name: string }[],
): Promise<string> {
  const id = randomUUID();
  await insertSession(t.db, {
    id,
    owner: { workspaceId: member.workspaceId, userId: member.userId },
    title: 'Launch day',
    source: 'obs',
    settings: { resolution: '720p', bitrateKbps: 2500, fps: 30, encoder: 'x264', format: 'flv' },
    scheduledStreamId: null,
    destinations,
  });
  await t.db.update(streamSessions).set({ status: 'live' }).where(eq(streamSessions.id, id));
  return id;
}

async function viewersOf(member: SignedInUser, sessionId: string) {
  const res = await member.get(`/api/streaming/sessions/${sessionId}`);
  expect(res.statusCode).toBe(200);
  const detail = res.json() as StreamDetail;
  return Object.fromEntries(detail.summary.destinations.map((d) => [d.destinationId, d.viewers]));
}

describe('viewers of a live stream', () => {
  it("reads the workspace's live YouTube channel every minute, keeps the peak and the last reading", async () => {
    await insertAccount(t, ada.workspaceId, 'youtube', { platformAccountId: 'UC-ada' });
    // Bo's channel is live too, with other viewers: never read for Ada's stream.
    await insertAccount(t, bo.workspaceId, 'youtube', { platformAccountId: 'UC-bo' });
    channels.set('UC-ada', 120).set('UC-bo', 9999);
    const session = await liveStream(ada, [
      { id: 'dest-yt', platform: 'youtube', name: 'YouTube' },
      { id: 'dest-tw', platform: 'twitch', name: 'Twitch' },
    ]);
    const start = new Date();
    asked.length = 0;
    expect(await sweepStreamViewers(t.db, t.config, { now: start })).toEqual({ read: 1, problems: [] });
    expect(asked).toEqual(['UC-ada']);
    const first = await viewersOf(ada, session);
    expect(first['dest-yt']).toMatchObject({
      peak: 120,
      last: 120,
      platformMetric: 'liveStreamingDetails.concurrentViewers',
    });
    // Twitch has no connected account and no viewer figure here: none, never 0.
    expect(first['dest-tw']).toBeNull();

    // Asked again within the minute: nothing is read (several workers share the claim).
    expect((await sweepStreamViewers(t.db, t.config, { now: new Date(start.getTime() + 10_000) })).read).toBe(
      0,
    );

    channels.set('UC-ada', 80);
    await sweepStreamViewers(t.db, t.config, { now: new Date(start.getTime() + 61_000) });
    expect((await viewersOf(ada, session))['dest-yt']).toMatchObject({ peak: 120, last: 80 });

    // Another workspace cannot read the stream at all.
    expect((await bo.get(`/api/streaming/sessions/${session}`)).statusCode).toBe(404);

    // Once the stream has ended, it is not read any more.
    await t.db.update(streamSessions).set({ status: 'ended' }).where(eq(streamSessions.id, session));
    asked.length = 0;
    await sweepStreamViewers(t.db, t.config, { now: new Date(start.getTime() + 200_000) });
    expect(asked).toEqual([]);
  });

  it('attributes nothing it cannot be sure of: two live channels, two YouTube destinations, a hidden count', async () => {
    const carol = await signInAsNewUser(t, { name: 'Carol' });
    await insertAccount(t, carol.workspaceId, 'youtube', { platformAccountId: 'UC-carol-1' });
    await insertAccount(t, carol.workspaceId, 'youtube', { platformAccountId: 'UC-carol-2' });
    channels.set('UC-carol-1', 50).set('UC-carol-2', 70);
    const both = await liveStream(carol, [{ id: 'yt', platform: 'youtube', name: 'YouTube' }]);
    const at = new Date(Date.now() + 10 * 60_000);
    await sweepStreamViewers(t.db, t.config, { now: at });
    expect((await viewersOf(carol, both)).yt).toBeNull();
    await t.db.update(streamSessions).set({ status: 'ended' }).where(eq(streamSessions.id, both));

    // One channel offline: the live one is the stream's.
    channels.set('UC-carol-2', 'offline');
    const one = await liveStream(carol, [{ id: 'yt', platform: 'youtube', name: 'YouTube' }]);
    await sweepStreamViewers(t.db, t.config, { now: new Date(at.getTime() + 61_000) });
    expect((await viewersOf(carol, one)).yt).toMatchObject({ peak: 50, last: 50 });
    await t.db.update(streamSessions).set({ status: 'ended' }).where(eq(streamSessions.id, one));

    // Two YouTube destinations in one stream: the reading could be either.
    const two = await liveStream(carol, [
      { id: 'yt-a', platform: 'youtube', name: 'Main' },
      { id: 'yt-b', platform: 'youtube', name: 'Second' },
    ]);
    await sweepStreamViewers(t.db, t.config, { now: new Date(at.getTime() + 122_000) });
    expect(await viewersOf(carol, two)).toEqual({ 'yt-a': null, 'yt-b': null });
    await t.db.update(streamSessions).set({ status: 'ended' }).where(eq(streamSessions.id, two));

    // The owner hides the count: "not available", not 0.
    channels.set('UC-carol-1', 'hidden');
    const hidden = await liveStream(carol, [{ id: 'yt', platform: 'youtube', name: 'YouTube' }]);
    await sweepStreamViewers(t.db, t.config, { now: new Date(at.getTime() + 183_000) });
    expect((await viewersOf(carol, hidden)).yt).toBeNull();
    await t.db.update(streamSessions).set({ status: 'ended' }).where(eq(streamSessions.id, hidden));
  });

  it('reports a revoked channel as a problem, marks it for reconnecting, and goes on', async () => {
    const dan = await signInAsNewUser(t, { name: 'Dan' });
    const account = await insertAccount(t, dan.workspaceId, 'youtube', { platformAccountId: 'UC-dan' });
    channels.set('UC-dan', 'revoked');
    const session = await liveStream(dan, [{ id: 'yt', platform: 'youtube', name: 'YouTube' }]);
    const result = await sweepStreamViewers(t.db, t.config, { now: new Date(Date.now() + 30 * 60_000) });
    expect(result.problems).toEqual([expect.stringContaining('Token revoked')]);
    expect((await viewersOf(dan, session)).yt).toBeNull();
    const [row] = await t.db
      .select({ status: socialAccounts.status })
      .from(socialAccounts)
      .where(eq(socialAccounts.id, account));
    expect(row?.status).toBe('needs_reconnect');
    await t.db.update(streamSessions).set({ status: 'ended' }).where(eq(streamSessions.id, session));
  });
});
