import { randomUUID } from 'node:crypto';
import type { AnalyticsActivity } from '@relaycast/shared/analytics-activity';
import { formatLiveDuration } from '@relaycast/shared/analytics-activity';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  engagementActions,
  posts,
  postTargets,
  streamSamples,
  streamSessionDestinations,
  streamSessions,
} from '../../db/schema/index';
import { insertAccount, insertItem } from '../engagement/engagement.test-support';
import { insertStartingSession } from '../streaming/stream-sessions.test-support';
import { insertPublishedPost } from './analytics.test-support';

/**
 * Relaycast's own records on /analytics (`GET /api/analytics/activity`): posts published and failed per
 * platform, inbox actions and response time, live streams; in the range, for the workspace, with the filters.
 */

let t: TestApp;
let ada: SignedInUser;
let bob: SignedInUser;
// A custom range in the user's zone (UTC: no browser reported one): Sun 8 to Sat 14 March 2026.
const WEEK = '/api/analytics/activity?range=custom&from=2026-03-08&to=2026-03-14';

async function activity(member: SignedInUser, url: string): Promise<AnalyticsActivity> {
  const res = await member.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  ada = await signInAsNewUser(t, { name: 'Ada Activity' });
  bob = await signInAsNewUser(t, { name: 'Bob Activity' });
  const instagram = await insertAccount(t, ada.workspaceId, 'instagram', { handle: 'ada.act' });
  await insertPublishedPost(t, ada.workspaceId, instagram, 'instagram', {
    text: 'In range',
    publishedAt: '2026-03-10T12:00:00Z',
  });
  await insertPublishedPost(t, ada.workspaceId, instagram, 'instagram', {
    text: 'Before the range',
    publishedAt: '2026-03-01T12:00:00Z',
  });
  const failedPost = randomUUID();
  await t.db.insert(posts).values({
    id: failedPost,
    workspaceId: ada.workspaceId,
    content: 'Refused',
    platforms: ['instagram'],
    status: 'failed',
    scheduledAt: new Date('2026-03-12T09:00:00Z'),
  });
  await t.db.insert(postTargets).values({
    id: randomUUID(),
    workspaceId: ada.workspaceId,
    postId: failedPost,
    platform: 'instagram',
    accountId: instagram,
    status: 'failed',
    lastError: 'Refused by the platform',
    updatedAt: new Date('2026-03-12T09:00:05Z'),
  });

  // Inbox: three items in the range, answered after 30 and 90 minutes and not at all; one before the range.
  const account = { id: instagram, workspaceId: ada.workspaceId, platform: 'instagram' };
  const arrived = new Date('2026-03-09T08:00:00Z');
  const minutes = (n: number) => new Date(arrived.getTime() + n * 60_000);
  const answeredFast = await insertItem(t, account, { arrivedAt: arrived, firstReplyAt: minutes(30) });
  await insertItem(t, account, { arrivedAt: arrived, firstReplyAt: minutes(90) });
  await insertItem(t, account, { arrivedAt: arrived });
  await insertItem(t, account, { arrivedAt: new Date('2026-03-02T08:00:00Z'), firstReplyAt: minutes(-9000) });
  const action = (kind: 'like' | 'comment' | 'dm', outcome: 'sent' | 'failed') => ({
    id: randomUUID(),
    workspaceId: ada.workspaceId,
    userId: ada.userId,
    action: kind,
    platform: 'instagram',
    accountId: instagram,
    itemId: answeredFast,
    outcome,
    timestamp: minutes(30),
  });
  await t.db
    .insert(engagementActions)
    .values([
      action('like', 'sent'),
      action('comment', 'sent'),
      action('comment', 'sent'),
      action('dm', 'failed'),
    ]);

  // A stream live for 90 minutes on two destinations, the best sample at 6000 kbps; and one the month before.
  const stream = await insertStartingSession(t.db, ada);
  await t.db
    .update(streamSessions)
    .set({
      status: 'ended',
      liveAt: new Date('2026-03-11T10:00:00Z'),
      endedAt: new Date('2026-03-11T11:30:00Z'),
    })
    .where(eq(streamSessions.id, stream));
  await t.db.insert(streamSessionDestinations).values([
    { sessionId: stream, destinationId: 'dest-a', platform: 'twitch', name: 'Twitch' },
    {
      sessionId: stream,
      destinationId: 'dest-b',
      platform: 'youtube',
      name: 'YouTube',
      viewersPeak: 340,
      viewersLast: 210,
      viewersMetric: 'liveStreamingDetails.concurrentViewers',
      viewersReadAt: new Date('2026-03-11T11:29:00Z'),
    },
  ]);
  await t.db.insert(streamSamples).values([
    { id: randomUUID(), sessionId: stream, destinationId: 'dest-a', t: 5, bitrateKbps: 4500 },
    { id: randomUUID(), sessionId: stream, destinationId: 'dest-b', t: 10, bitrateKbps: 6000 },
  ]);
  const old = await insertStartingSession(t.db, ada, 'February');
  await t.db
    .update(streamSessions)
    .set({
      status: 'failed',
      liveAt: new Date('2026-02-11T10:00:00Z'),
      endedAt: new Date('2026-02-11T10:05:00Z'),
    })
    .where(eq(streamSessions.id, old));
});
afterAll(() => t.close());

describe('GET /api/analytics/activity', () => {
  it('counts what the workspace did through Relaycast in the range', async () => {
    const body = await activity(ada, WEEK);
    expect(body.range).toEqual({ from: '2026-03-08', to: '2026-03-14', timezone: 'UTC' });
    expect(body.posts).toEqual({
      published: 1,
      failed: 1,
      byPlatform: [{ platform: 'instagram', published: 1, failed: 1 }],
    });
    expect(body.engagement).toEqual({
      likes: 1,
      replies: 2,
      messages: 0,
      itemsReceived: 3,
      itemsAnswered: 2,
      medianResponseMinutes: 60,
    });
    expect(body.streams).toEqual({
      count: 1,
      failed: 0,
      liveSeconds: 5400,
      peakBitrateKbps: 6000,
      destinations: 2,
      peakViewers: 340,
    });
  });

  it('follows the platform filter for posts and the inbox (streams are not per platform)', async () => {
    const body = await activity(ada, `${WEEK}&platforms=bluesky`);
    expect(body.posts).toEqual({ published: 0, failed: 0, byPlatform: [] });
    expect(body.engagement).toMatchObject({
      likes: 0,
      replies: 0,
      itemsReceived: 0,
      medianResponseMinutes: null,
    });
    expect(body.streams.count).toBe(1);
  });

  it('shows another workspace nothing of it', async () => {
    const body = await activity(bob, WEEK);
    expect(body.posts.published).toBe(0);
    expect(body.engagement.itemsReceived).toBe(0);
    expect(body.streams).toEqual({
      count: 0,
      failed: 0,
      liveSeconds: 0,
      peakBitrateKbps: null,
      destinations: 0,
      peakViewers: null,
    });
  });

  it('refuses a bad range and needs a session', async () => {
    expect(
      (await ada.get('/api/analytics/activity?range=custom&from=2026-03-14&to=2026-03-01')).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/activity' })).statusCode).toBe(401);
  });

  it('writes a live duration for people', () => {
    expect(formatLiveDuration(40)).toBe('40 s');
    expect(formatLiveDuration(720)).toBe('12 min');
    expect(formatLiveDuration(5400)).toBe('1 h 30 min');
  });
});
