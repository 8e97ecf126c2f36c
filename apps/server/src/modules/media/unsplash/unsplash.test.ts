/**
 * Stock photos from Unsplash (docs/media-import.md, "Unsplash") against the local fake (unsplash.fake.ts): the
 * search goes through the server with the key, an import calls download_location once and lands in the library
 * with its attribution, and a missing key, Unsplash's rate limit, a refused key and malformed input each answer a
 * clear 4xx/5xx message rather than a 500; another workspace's import and file are not found.
 */
import type { MediaItem } from '@relaycast/shared/media';
import type { MediaImport } from '@relaycast/shared/media-imports';
import { UNSPLASH_MESSAGES, type UnsplashSearch } from '@relaycast/shared/unsplash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { startUnsplashFake, type UnsplashFake } from './unsplash.fake';

let fake: UnsplashFake;
let t: TestApp;
let olive: SignedInUser;

beforeAll(async () => {
  fake = await startUnsplashFake();
  // The fake's pictures are on loopback: this app lets users reach it, as an administrator may (decision 0014).
  t = await createTestApp({
    config: {
      allowPrivateAddresses: true,
      billingMode: 'self-hosted',
      unsplash: { accessKey: fake.accessKey, apiBase: fake.url, appName: 'relaycast_test' },
    },
    publishing: { runWorkers: true },
  });
  olive = await signInAsNewUser(t, { name: 'Olive Owner' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const search = (who: SignedInUser, query: string, page = 1) =>
  who.get(`/api/media/unsplash/search?query=${encodeURIComponent(query)}&page=${page}`);

async function settled(who: SignedInUser, id: string): Promise<MediaImport> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const item = (await who.get(`/api/media/imports/${id}`)).json() as MediaImport;
    if (item.status !== 'queued' && item.status !== 'downloading') return item;
    if (Date.now() > deadline) throw new Error(`import still ${item.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Unsplash search', () => {
  it('proxies the search with the key and keeps the answer for a while', async () => {
    const status = await olive.get('/api/media/unsplash');
    expect(status.json()).toEqual({ enabled: true });
    // The fake serves its pictures over plain http: the page's img-src lets the browser show them.
    expect(status.headers['content-security-policy']).toMatch(new RegExp(`img-src [^;]*${fake.url}`));
    const response = await search(olive, 'Mountains', 2);
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json() as UnsplashSearch;
    expect(found).toMatchObject({ page: 2, total: 45, totalPages: 3 });
    expect(found.results).toHaveLength(20);
    const first = found.results[0];
    expect(first?.thumbUrl.startsWith(`${fake.url}/images/`)).toBe(true);
    expect(first?.attribution.author).toBe('Ada Lovelace');
    expect(first?.attribution.authorUrl).toBe(
      'https://unsplash.com/@adalovelace?utm_source=relaycast_test&utm_medium=referral',
    );
    expect(first?.attribution.sourceUrl).toBe(
      'https://unsplash.com/?utm_source=relaycast_test&utm_medium=referral',
    );
    const calls = fake.server.received('GET', '/search/photos');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBe(`Client-ID ${fake.accessKey}`);
    expect(Object.fromEntries(calls[0]?.query ?? [])).toMatchObject({ query: 'Mountains', page: '2' });
    // Asked again (paging back): served from the cache, Unsplash's hourly budget untouched.
    expect((await search(olive, 'mountains', 2)).statusCode).toBe(200);
    expect(fake.server.received('GET', '/search/photos')).toHaveLength(1);
  });

  it('refuses malformed input with 400 and a message', async () => {
    for (const query of ['', '   ', 'x'.repeat(101)]) {
      const refused = await search(olive, query);
      expect(refused.statusCode, query).toBe(400);
    }
    expect((await search(olive, '')).json().message).toBe(UNSPLASH_MESSAGES.queryRequired);
    for (const page of ['0', '51', 'abc', '1.5']) {
      const refused = await olive.get(`/api/media/unsplash/search?query=sea&page=${page}`);
      expect(refused.statusCode, page).toBe(400);
      expect(refused.json().message).toBe(UNSPLASH_MESSAGES.invalidPage);
    }
    for (const body of [{}, { photoId: '../etc' }, { photoId: 'a'.repeat(65) }, { photoId: 7 }]) {
      const refused = await olive.send('POST', '/api/media/unsplash/imports', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toBe(UNSPLASH_MESSAGES.invalidPhoto);
    }
  });

  it("answers Unsplash's rate limit and a refused key with their own messages, not a 500", async () => {
    fake.server.failNext(
      { method: 'GET', path: '/search/photos' },
      { status: 403, headers: { 'x-ratelimit-remaining': '0' }, body: 'Rate Limit Exceeded' },
    );
    const limited = await search(olive, 'rate limited');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'UNSPLASH_RATE_LIMITED',
      message: UNSPLASH_MESSAGES.rateLimited,
    });
    fake.server.failNext(
      { method: 'GET', path: '/search/photos' },
      { status: 429, body: 'Too many requests' },
    );
    expect((await search(olive, 'rate limited again')).statusCode).toBe(429);
    fake.server.failNext(
      { method: 'GET', path: '/search/photos' },
      { status: 401, body: { errors: ['bad'] } },
    );
    const badKey = await search(olive, 'bad key');
    expect(badKey.statusCode).toBe(502);
    expect(badKey.json().message).toBe(UNSPLASH_MESSAGES.badKey);
    fake.server.failNext({ method: 'GET', path: '/search/photos' }, { status: 500, body: 'oops' });
    expect((await search(olive, 'broken')).json().code).toBe('UNSPLASH_UNREACHABLE');
  });
});

describe('Unsplash import', () => {
  it('calls download_location once and imports the photo with its attribution', async () => {
    const found = (await search(olive, 'lighthouse')).json() as UnsplashSearch;
    const photo = found.results[0];
    if (!photo) throw new Error('no photo');
    const started = await olive.send('POST', '/api/media/unsplash/imports', { photoId: photo.id });
    expect(started.statusCode, started.body).toBe(202);
    const done = await settled(olive, started.json().id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.url).toContain('fm=jpg');
    expect(fake.downloads.get(photo.id)).toBe(1);
    expect(fake.server.received('GET', `/photos/${photo.id}`)).toHaveLength(0); // known from the search
    const media = (await olive.get(`/api/media/${done.mediaId}`)).json() as MediaItem;
    expect(media).toMatchObject({
      name: `grace-hopper-${photo.id}-unsplash`,
      kind: 'image',
      attribution: photo.attribution,
    });
    const listed = (await olive.get('/api/media')).json().items as MediaItem[];
    expect(listed.find((item) => item.id === media.id)?.attribution?.author).toBe('Grace Hopper');
  });

  it('looks up a photo it has not seen, and keeps it from another workspace', async () => {
    const started = await olive.send('POST', '/api/media/unsplash/imports', { photoId: 'harbour-7' });
    expect(started.statusCode, started.body).toBe(202);
    const done = await settled(olive, started.json().id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(fake.server.received('GET', '/photos/harbour-7')).toHaveLength(1);
    expect(fake.downloads.get('harbour-7')).toBe(1);
    const rex = await signInAsNewUser(t, { name: 'Rex Other' });
    expect((await rex.get(`/api/media/imports/${done.id}`)).statusCode).toBe(404);
    expect((await rex.get(`/api/media/${done.mediaId}`)).statusCode).toBe(404);
    expect((await rex.send('POST', `/api/media/imports/${done.id}/cancel`)).statusCode).toBe(404);
  });

  it('imports nothing when Unsplash refuses the download call', async () => {
    const pat = await signInAsNewUser(t, { name: 'Pat Limited' });
    fake.server.failNext(
      { method: 'GET', path: /\/photos\/quay-3\/download$/ },
      { status: 403, headers: { 'x-ratelimit-remaining': '0' }, body: 'Rate Limit Exceeded' },
    );
    const refused = await pat.send('POST', '/api/media/unsplash/imports', { photoId: 'quay-3' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(UNSPLASH_MESSAGES.rateLimited);
    expect((await pat.get('/api/media/imports')).json().items).toEqual([]);
    fake.server.failNext(
      { method: 'GET', path: '/photos/gone-1' },
      { status: 404, body: { errors: ['no'] } },
    );
    const gone = await pat.send('POST', '/api/media/unsplash/imports', { photoId: 'gone-1' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(UNSPLASH_MESSAGES.photoNotFound);
  });
});

describe('without an access key', () => {
  it('says which variable to set', async () => {
    const bare = await createTestApp({ config: { billingMode: 'self-hosted', unsplash: undefined } });
    try {
      const sam = await signInAsNewUser(bare, { name: 'Sam Keyless' });
      expect((await sam.get('/api/media/unsplash')).json()).toEqual({ enabled: false });
      for (const response of [
        await search(sam, 'forest'),
        await sam.send('POST', '/api/media/unsplash/imports', { photoId: 'forest-1' }),
      ]) {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ code: 'UNSPLASH_NOT_CONFIGURED' });
        expect(response.json().message).toContain('UNSPLASH_ACCESS_KEY');
      }
    } finally {
      await bare.close();
    }
  });
});
