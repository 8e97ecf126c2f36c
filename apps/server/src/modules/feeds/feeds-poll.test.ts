/**
 * The feed poller against a feed site this test starts (docs/feeds.md): the first fetch of a 500-item feed takes only
 * the newest item, a later fetch makes exactly the new items' posts, a 304 is honoured, a broken, huge, entity-bomb
 * or private-redirecting feed gets its status in words, and two pollers racing use each item once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FEED_MESSAGES } from '@relaycast/shared/feeds';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTwoTestApps, type TestApp } from '../../../test/test-app';
import { feedItems, feeds, mediaFiles, postMedia, posts } from '../../db/schema/index';
import { type AddressPolicy, isPrivateAddress } from '../../lib/address-policy';
import { createFeed, findFeed } from './feeds.service';
import { feedPollDepsOf } from './feeds.test-support';
import { claimFeeds, type FeedPollDeps, pollFeed } from './feeds-poll';

interface Item {
  guid: string;
  title: string;
  /** An image enclosure's address. */
  image?: string;
}

/** A 1×1 PNG, served as the items' images. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The site's feeds: name → items, newest first. */
const site = { items: new Map<string, Item[]>(), requests: [] as { url: string; ifNoneMatch?: string }[] };
let server: http.Server;
let other: http.Server;
let base: string;
let otherPort: number;
let apps: Awaited<ReturnType<typeof createTwoTestApps>>;
let t: TestApp;
let ada: SignedInUser;
let policy: AddressPolicy;

function rss(items: readonly Item[]): string {
  const entries = items
    .map(
      (item) =>
        `<item><title>${item.title}</title><link>https://blog.example/${item.guid}</link><guid>${item.guid}</guid>` +
        `<description><![CDATA[<p>About ${item.title}</p>]]></description>` +
        (item.image ? `<enclosure url="${item.image}" type="image/png" length="${PNG.length}"/>` : '') +
        '</item>',
    )
    .join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Example blog</title>${entries}</channel></rss>`;
}

const BILLION_LAUGHS = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">
<!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<rss version="2.0"><channel><title>&lol3;</title><item><title>&lol3;</title><guid>1</guid></item></channel></rss>`;

function handle(request: http.IncomingMessage, response: http.ServerResponse): void {
  const url = request.url ?? '';
  site.requests.push({ url, ifNoneMatch: request.headers['if-none-match'] });
  const name = url.replace(/^\//, '');
  const items = site.items.get(name);
  if (items) {
    const etag = `"${name}-${items.length}"`;
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304).end();
    response.writeHead(200, { 'content-type': 'application/rss+xml', etag }).end(rss(items));
  } else if (name === 'images/ok.png') {
    response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  } else if (name === 'latin1.xml') {
    const xml = `<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Caf\u00e9</title><item><guid>l1</guid><title>Cr\u00e8me br\u00fbl\u00e9e</title><link>https://blog.example/l1</link></item></channel></rss>`;
    response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(Buffer.from(xml, 'latin1'));
  } else if (name === 'feed.json') {
    const feed = {
      version: 'https://jsonfeed.org/version/1.1',
      title: 'JSON blog',
      items: [
        { id: 'j1', url: 'https://blog.example/j1', title: 'From JSON', image: `${base}/images/ok.png` },
      ],
    };
    response.writeHead(200, { 'content-type': 'application/feed+json' }).end(JSON.stringify(feed));
  } else if (name === 'broken.xml') {
    response
      .writeHead(200, { 'content-type': 'application/rss+xml' })
      .end('<rss><channel><item><title>x</channel>');
  } else if (name === 'lol.xml') {
    response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(BILLION_LAUGHS);
  } else if (name === 'huge.xml') {
    // No Content-Length: the cap must stop the reading itself.
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    response.write('<rss version="2.0"><channel>');
    const chunk = `<item><title>${'x'.repeat(1000)}</title></item>`.repeat(100);
    for (let i = 0; i < 40; i += 1) response.write(chunk);
    response.end('</channel></rss>');
  } else if (name === 'to-private.xml') {
    response.writeHead(302, { location: `http://127.0.0.1:${otherPort}/secret.xml` }).end();
  } else if (name === 'gone.xml') {
    response.writeHead(410).end();
  } else if (name === 'slow-down.xml') {
    response.writeHead(429, { 'retry-after': '36000' }).end();
  } else if (name === 'page.html') {
    response.writeHead(200, { 'content-type': 'text/html' }).end('hello, not a feed');
  } else response.writeHead(404).end();
}

function itemsOf(count: number, from = 0): Item[] {
  return Array.from({ length: count }, (_, i) => ({
    guid: `post-${from + count - i}`,
    title: `Post ${from + count - i}`,
  }));
}

beforeAll(async () => {
  server = http.createServer(handle);
  other = http.createServer((_, response) => response.writeHead(200).end(rss(itemsOf(1))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  otherPort = (other.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  // The feed site counts as public; every other loopback port (the redirect's target) stays private.
  policy = { allowPrivate: false, isBlocked: (address, p) => p !== port && isPrivateAddress(address) };
  apps = await createTwoTestApps();
  t = apps.first;
  ada = await signInAsNewUser(t, { name: 'Ada Feeds' });
}, 60_000);

afterAll(async () => {
  await apps?.close();
  server.closeAllConnections();
  other.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => other.close(resolve));
});

function depsOf(app: TestApp): FeedPollDeps {
  return feedPollDepsOf(app, policy);
}

async function addFeed(name: string, extra: Partial<Parameters<typeof createFeed>[3]> = {}) {
  return createFeed(t.db, { allowPrivate: true }, ada, {
    url: `${base}/${name}`,
    intervalMinutes: 60,
    platforms: ['twitter'],
    accountIds: [],
    mode: 'draft',
    template: '{title} {link}',
    isEnabled: true,
    aiRewrite: false,
    aiInstruction: '',
    attachImage: true,
    ...extra,
  });
}

async function poll(feedId: string, app: TestApp = t) {
  await pollFeed(depsOf(app), await findFeed(app.db, ada.workspaceId, feedId));
  return findFeed(t.db, ada.workspaceId, feedId);
}

async function postsOf(feedId: string) {
  const rows = await t.db
    .select({ postId: feedItems.postId })
    .from(feedItems)
    .where(and(eq(feedItems.feedId, feedId), eq(feedItems.status, 'created')));
  const ids = rows.flatMap((row) => (row.postId ? [row.postId] : []));
  if (ids.length === 0) return [];
  return t.db
    .select({ content: posts.content, status: posts.status })
    .from(posts)
    .where(inArray(posts.id, ids));
}

/** The library files attached to the feed's posts: name and type. */
async function attachedOf(feedId: string) {
  return t.db
    .select({ content: posts.content, mimeType: mediaFiles.mimeType, workspaceId: mediaFiles.workspaceId })
    .from(feedItems)
    .innerJoin(posts, eq(posts.id, feedItems.postId))
    .innerJoin(postMedia, eq(postMedia.postId, posts.id))
    .innerJoin(mediaFiles, eq(mediaFiles.id, postMedia.mediaId))
    .where(eq(feedItems.feedId, feedId));
}

describe('images, JSON Feed and character sets', () => {
  it('attaches an item’s image from the library; posts without one it cannot or may not fetch', async () => {
    site.items.set('pictures.xml', [{ guid: 'pic-1', title: 'Picture', image: `${base}/images/ok.png` }]);
    const feed = await addFeed('pictures.xml');
    await poll(feed.id);
    expect(await attachedOf(feed.id)).toEqual([
      { content: 'Picture https://blog.example/pic-1', mimeType: 'image/png', workspaceId: ada.workspaceId },
    ]);
    site.items.set('pictures.xml', [
      { guid: 'pic-4', title: 'Private picture', image: `http://127.0.0.1:${otherPort}/inside.png` },
      { guid: 'pic-3', title: 'Broken picture', image: `${base}/images/missing.png` },
      { guid: 'pic-1', title: 'Picture', image: `${base}/images/ok.png` },
    ]);
    const later = await poll(feed.id);
    expect(later.lastPostsCreated).toBe(2);
    // Oldest first: the private address's refusal is the last word.
    expect(later.lastError).toMatch(/^"Private picture" was posted without its image: /);
    expect(await postsOf(feed.id)).toHaveLength(3);
    expect(await attachedOf(feed.id)).toHaveLength(1);
  });

  it('attaches no image when the feed says so', async () => {
    site.items.set('no-pictures.xml', [{ guid: 'np-1', title: 'Picture', image: `${base}/images/ok.png` }]);
    const feed = await addFeed('no-pictures.xml', { attachImage: false });
    expect((await poll(feed.id)).lastPostsCreated).toBe(1);
    expect(await attachedOf(feed.id)).toEqual([]);
  });

  it('reads a JSON Feed, its image included, and a Latin-1 feed', async () => {
    const json = await poll((await addFeed('feed.json')).id);
    expect(json).toMatchObject({ title: 'JSON blog', lastError: null, lastPostsCreated: 1 });
    expect((await attachedOf(json.id)).map((row) => row.content)).toEqual([
      'From JSON https://blog.example/j1',
    ]);
    const latin = await poll((await addFeed('latin1.xml')).id);
    expect(latin.title).toBe('Café');
    expect((await postsOf(latin.id)).map((p) => p.content)).toEqual(['Crème brûlée https://blog.example/l1']);
  });
});

describe('polling a feed', () => {
  it('takes only the newest of 500 items first, then exactly the new ones, and honours 304', async () => {
    site.items.set('big.xml', itemsOf(500));
    const feed = await addFeed('big.xml');
    const first = await poll(feed.id);
    expect(first.lastError).toBeNull();
    expect(first.lastItemsFound).toBe(500);
    expect(first.lastPostsCreated).toBe(1);
    expect((await postsOf(feed.id)).map((p) => p.content)).toEqual([
      'Post 500 https://blog.example/post-500',
    ]);
    expect((await postsOf(feed.id))[0]?.status).toBe('draft');

    const unchanged = await poll(feed.id);
    expect(site.requests.at(-1)?.ifNoneMatch).toBe('"big.xml-500"');
    expect(unchanged.lastError).toBeNull();
    expect(unchanged.lastPostsCreated).toBe(0);
    expect(await postsOf(feed.id)).toHaveLength(1);

    site.items.set('big.xml', [...itemsOf(3, 500), ...itemsOf(500)]);
    const later = await poll(feed.id);
    expect(later.lastItemsFound).toBe(503);
    expect(later.lastPostsCreated).toBe(3);
    const contents = (await postsOf(feed.id)).map((p) => p.content).sort();
    expect(contents).toEqual([
      'Post 500 https://blog.example/post-500',
      'Post 501 https://blog.example/post-501',
      'Post 502 https://blog.example/post-502',
      'Post 503 https://blog.example/post-503',
    ]);
  });

  it('gives a broken, huge, entity-declaring, HTML or private-redirecting feed a status in words', async () => {
    const cases: [string, string][] = [
      ['broken.xml', 'The feed is not valid XML'],
      ['huge.xml', FEED_MESSAGES.tooLarge],
      ['lol.xml', FEED_MESSAGES.entitiesRefused],
      ['to-private.xml', FEED_MESSAGES.blocked],
      ['page.html', FEED_MESSAGES.notXml],
      ['missing.xml', FEED_MESSAGES.httpStatus(404)],
    ];
    for (const [name, message] of cases) {
      const feed = await addFeed(name);
      const polled = await poll(feed.id);
      expect(polled.lastError, name).toContain(message);
      expect(polled.failures, name).toBe(1);
      // Backoff: the next fetch waits twice the interval after one failure.
      expect(polled.nextFetchAt!.getTime() - polled.lastFetchedAt!.getTime(), name).toBe(2 * 3600_000);
      expect(polled.claimedUntil).toBeNull();
    }
  });

  it('stops a feed the site says is gone, and waits as long as a site asks', async () => {
    const gone = await poll((await addFeed('gone.xml')).id);
    expect(gone).toMatchObject({ isEnabled: false, nextFetchAt: null, lastError: FEED_MESSAGES.gone });
    const slow = await poll((await addFeed('slow-down.xml')).id);
    expect(slow.lastError).toBe(FEED_MESSAGES.rateLimited);
    expect(slow.nextFetchAt!.getTime() - slow.lastFetchedAt!.getTime()).toBe(36_000_000);
  });

  it('records an item whose text breaks a platform rule, with the reason', async () => {
    site.items.set('long.xml', [{ guid: 'long-1', title: 'L'.repeat(400) }]);
    const feed = await addFeed('long.xml', { mode: 'queue' });
    const polled = await poll(feed.id);
    expect(polled.lastPostsCreated).toBe(0);
    expect(polled.lastError).toContain('made no post');
    const [item] = await t.db.select().from(feedItems).where(eq(feedItems.feedId, feed.id));
    expect(item?.status).toBe('refused');
    expect(item?.reason).toMatch(/280/);
  });

  it('queues a queue-mode feed’s item through the composer’s queue and sends its publishing jobs', async () => {
    site.items.set('queue.xml', itemsOf(2));
    const feed = await addFeed('queue.xml', { mode: 'queue' });
    const scheduled: string[] = [];
    const row = await findFeed(t.db, ada.workspaceId, feed.id);
    await pollFeed({ ...depsOf(t), schedulePosts: async (ids) => void scheduled.push(...ids) }, row);
    const [post] = await t.db
      .select({ id: posts.id, status: posts.status, scheduledAt: posts.scheduledAt, content: posts.content })
      .from(posts)
      .innerJoin(feedItems, eq(feedItems.postId, posts.id))
      .where(eq(feedItems.feedId, feed.id));
    expect(post?.content).toBe('Post 2 https://blog.example/post-2');
    expect(post?.status).toBe('scheduled');
    expect(post?.scheduledAt?.getTime()).toBeGreaterThan(Date.now());
    expect(scheduled).toEqual([post?.id]);
  });

  it('uses each item once when two pollers race on one feed', async () => {
    site.items.set('race.xml', itemsOf(5));
    const feed = await addFeed('race.xml');
    await poll(feed.id);
    site.items.set('race.xml', [...itemsOf(4, 5), ...itemsOf(5)]);
    const row = await findFeed(t.db, ada.workspaceId, feed.id);
    await Promise.all([pollFeed(depsOf(apps.first), row), pollFeed(depsOf(apps.second), row)]);
    const contents = (await postsOf(feed.id)).map((p) => p.content);
    expect(contents).toHaveLength(5);
    expect(new Set(contents).size).toBe(5);
  });

  it('claims a due feed for one process only', async () => {
    site.items.set('claim.xml', itemsOf(1));
    const feed = await addFeed('claim.xml');
    const [mine, theirs] = await Promise.all([
      claimFeeds(apps.first.db, { feedId: feed.id, limit: 1 }),
      claimFeeds(apps.second.db, { feedId: feed.id, limit: 1 }),
    ]);
    expect(mine.length + theirs.length).toBe(1);
    await t.db.update(feeds).set({ claimedUntil: null }).where(eq(feeds.id, feed.id));
  });
});
