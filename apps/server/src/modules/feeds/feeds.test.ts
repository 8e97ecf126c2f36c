/**
 * `/api/feeds` (docs/feeds.md): add, change, remove and "check now", scoped to the caller's workspace; a private
 * address is refused with the outbound-address policy's error, bad input gets a clear 400 and changes nothing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FEED_MESSAGES, type Feed, type FeedItem } from '@relaycast/shared/feeds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser, useTestApp } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';

const s = useTestApp({ ada: 'Ada Feeds', bob: 'Bob Elsewhere' });

const input = {
  url: 'https://blog.example/feed.xml',
  platforms: ['twitter'],
  template: '{title}\n\n{summary}\n{link}',
};

describe('/api/feeds', () => {
  it('adds, lists, changes and removes a feed', async () => {
    const created = await s.ada.send('POST', '/api/feeds', input);
    expect(created.statusCode, created.body).toBe(201);
    const feed = created.json<Feed>();
    expect(feed).toMatchObject({ intervalMinutes: 60, mode: 'draft', isEnabled: true, lastFetchedAt: null });

    const listed = await s.ada.get('/api/feeds');
    expect(listed.json<{ items: Feed[] }>().items.map((f) => f.id)).toContain(feed.id);

    const changed = await s.ada.send('PATCH', `/api/feeds/${feed.id}`, {
      mode: 'queue',
      intervalMinutes: 30,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Feed>()).toMatchObject({ mode: 'queue', intervalMinutes: 30, url: input.url });

    expect((await s.ada.send('DELETE', `/api/feeds/${feed.id}`)).statusCode).toBe(204);
    expect((await s.ada.send('DELETE', `/api/feeds/${feed.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another workspace's feed, on every route", async () => {
    const feed = (await s.ada.send('POST', '/api/feeds', input)).json<Feed>();
    const tries = [
      s.bob.send('PATCH', `/api/feeds/${feed.id}`, { mode: 'queue' }),
      s.bob.send('DELETE', `/api/feeds/${feed.id}`),
      s.bob.send('POST', `/api/feeds/${feed.id}/check`),
      s.bob.get(`/api/feeds/${feed.id}/items`),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(FEED_MESSAGES.notFound);
    }
    expect((await s.bob.get('/api/feeds')).json<{ items: Feed[] }>().items).toEqual([]);
    const still = (await s.ada.get('/api/feeds'))
      .json<{ items: Feed[] }>()
      .items.find((f) => f.id === feed.id);
    expect(still?.mode).toBe('draft');
  });

  it('refuses a private-network address with the policy error', async () => {
    for (const url of ['http://127.0.0.1:8080/feed.xml', 'http://10.0.0.5/rss', 'http://[::1]/atom']) {
      const res = await s.ada.send('POST', '/api/feeds', { ...input, url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('PRIVATE_ADDRESS');
    }
    const feed = (await s.ada.send('POST', '/api/feeds', input)).json<Feed>();
    const moved = await s.ada.send('PATCH', `/api/feeds/${feed.id}`, { url: 'http://192.168.1.1/feed' });
    expect(moved.json().code).toBe('PRIVATE_ADDRESS');
  });

  it('answers malformed input with a clear 400 that changes nothing', async () => {
    const before = (await s.ada.get('/api/feeds')).json<{ items: Feed[] }>().items.length;
    const cases: [unknown, string][] = [
      [{ ...input, url: 'ftp://x/feed' }, FEED_MESSAGES.invalidUrl],
      [{ ...input, url: 'not a url' }, FEED_MESSAGES.invalidUrl],
      [{ ...input, intervalMinutes: 1 }, FEED_MESSAGES.intervalTooShort],
      [{ ...input, platforms: [] }, FEED_MESSAGES.noPlatform],
      [{ ...input, template: '   ' }, FEED_MESSAGES.templateEmpty],
      [{ ...input, accountIds: ['someone-elses'] }, FEED_MESSAGES.unknownAccount],
      [{ ...input, mode: 'publish-now' }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await s.ada.send('POST', '/api/feeds', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect((await s.ada.send('POST', '/api/feeds', '{not json')).statusCode).toBe(400);
    expect((await s.ada.get('/api/feeds')).json<{ items: Feed[] }>().items.length).toBe(before);
  });
});

describe('check now', () => {
  let site: http.Server;
  let url: string;
  let t: TestApp;
  let olive: SignedInUser;

  beforeAll(async () => {
    site = http.createServer((_, response) =>
      response
        .writeHead(200, { 'content-type': 'application/atom+xml' })
        .end(
          '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom blog</title>' +
            '<entry><id>tag:a,1</id><title>Fish &amp; chips</title><link href="https://a.example/1"/>' +
            '<updated>2026-11-20T10:00:00Z</updated><summary>Old</summary></entry>' +
            '<entry><id>tag:a,2</id><title>Newer</title><link rel="alternate" href="https://a.example/2"/>' +
            '<updated>2026-11-25T10:00:00Z</updated><summary type="html">&lt;b&gt;Bold&lt;/b&gt; news</summary></entry>' +
            '</feed>',
        ),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/atom.xml`;
    // The site is on loopback: this app lets users reach it, as an administrator may (decision 0014).
    t = await createTestApp({ config: { allowPrivateAddresses: true } });
    olive = await signInAsNewUser(t, { name: 'Olive Owner' });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  });

  it('fetches the feed at once and makes a draft of the newest entry only', async () => {
    const feed = (await olive.send('POST', '/api/feeds', { ...input, url })).json<Feed>();
    const checked = await olive.send('POST', `/api/feeds/${feed.id}/check`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<Feed>()).toMatchObject({
      title: 'Atom blog',
      lastItemsFound: 2,
      lastPostsCreated: 1,
    });
    const items = (await olive.get(`/api/feeds/${feed.id}/items`)).json<{ items: FeedItem[] }>().items;
    expect(items.map((item) => [item.title, item.status])).toEqual([
      ['Newer', 'created'],
      ['Fish & chips', 'seen'],
    ]);
    const post = await olive.get(`/api/posts/${items[0]?.postId}`);
    expect(post.json().content).toBe('Newer\n\nBold news\nhttps://a.example/2');
    expect(post.json().status).toBe('draft');
  });
});
