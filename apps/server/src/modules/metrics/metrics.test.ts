import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startMastodonFake } from '../../platforms/mastodon/mastodon.fake';
import type { PlatformFake } from '../../platforms/testing/server.fake';
import { platformsConfig } from '../accounts/accounts.test-support';
import {
  connectMastodon,
  createPost,
  DRIVEN_PUBLISHING,
  inAnHour,
  makeDue,
} from '../publishing/publishing.test-support';

/** GET /metrics (docs/metrics.md): behind its token, the request, publishing, queue and memory figures. */

const TOKEN = 'metrics-token-for-the-tests';
let t: TestApp;
let fake: PlatformFake;
let user: SignedInUser;

beforeAll(async () => {
  fake = await startMastodonFake();
  t = await createTestApp({
    config: {
      metricsToken: TOKEN,
      platforms: platformsConfig({ mastodon: { baseUrl: fake.url } }),
      allowPrivateAddresses: true,
    },
    publishing: DRIVEN_PUBLISHING,
  });
  await t.app.ready();
  user = await signInAsNewUser(t);
  await connectMastodon(t, user, fake);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function scrape(authorization?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });
}

/** The value of one series in the text format (`name{labels} value`). */
function seriesValue(text: string, series: RegExp): number | null {
  const line = text.split('\n').find((candidate) => series.test(candidate));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : null;
}

describe('GET /metrics', () => {
  it('answers only with the token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong-token-of-the-same-size!')).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('times requests by route template, never by raw URL', async () => {
    await user.get('/api/posts/no-such-post');
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(
      /relaycast_http_request_duration_seconds_count\{method="GET",route="\/api\/posts\/:id",status="404"\} [1-9]/,
    );
    expect(text).not.toContain('no-such-post');
    expect(seriesValue(text, /^relaycast_process_resident_memory_bytes /)).toBeGreaterThan(0);
  });

  it('counts a published post by platform, its lateness, the publishing backlog and the oldest due post', async () => {
    const post = await createPost(t, user, {
      content: 'Counted by Prometheus',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    const before =
      seriesValue(
        (await scrape(`Bearer ${TOKEN}`)).body,
        /^relaycast_publish_total\{platform="mastodon",outcome="published"\}/,
      ) ?? 0;
    await makeDue(t, post.id, 5_000);
    const waiting = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(seriesValue(waiting, /^relaycast_publish_oldest_due_seconds /)).toBeGreaterThanOrEqual(4);
    expect(waiting).toMatch(/^relaycast_jobs_queued\{queue="publishing",state="created"\} [1-9]/m);

    await t.app.publishing.engine.publishTarget(post.targets[0]!.id);
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(seriesValue(after, /^relaycast_publish_total\{platform="mastodon",outcome="published"\}/)).toBe(
      before + 1,
    );
    expect(
      seriesValue(after, /^relaycast_publish_lateness_seconds_count\{platform="mastodon"\}/),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no /metrics at all', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
