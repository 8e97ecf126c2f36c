import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SHORT_LINK_MESSAGES, type ShortLink } from '@relaycast/shared/short-links';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { signInAsNewUser, useTestApp } from '../../../test/auth-requests';
import { createTestApp, createTestDatabase } from '../../../test/test-app';
import { shortLinkClicks, shortLinkSalts, shortLinkVisitors } from '../../db/schema/index';
import { joined } from '../approvals/approvals.test-support';
import { ClickCounter } from './short-links-journal';
import { hourOf } from './short-links-traffic';
import { dayOf, forgetPastSalts, saltOf, visitorHash } from './short-links-visitors';

const s = useTestApp({ ada: 'Ada', bob: 'Bob' });

async function made(target: string): Promise<ShortLink> {
  const response = await s.ada.send('POST', '/api/short-links', { target });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ShortLink;
}

const visit = (code: string, headers: Record<string, string> = {}) =>
  s.t.app.inject({ method: 'GET', url: `/${code}`, headers });

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

async function countsOf(linkId: string) {
  await s.t.app.shortLinkClicks.flush();
  const rows = await s.t.db.select().from(shortLinkClicks).where(eq(shortLinkClicks.linkId, linkId));
  return rows.map(({ referrer, device, crawler, count }) => ({ referrer, device, crawler, count }));
}

describe('short links: redirect', () => {
  it('answers a code with a 302 to its target, no cookie and no cache', async () => {
    const link = await made('https://example.com/article?id=1');
    expect(link.code).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(link.shortUrl).toBe(`${s.t.config.publicUrl}/${link.code}`);
    const response = await visit(link.code, { 'user-agent': CHROME });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://example.com/article?id=1');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toBe('');
  });

  it('answers 404 for an unknown code and for a disabled one, and follows an edited target at once', async () => {
    expect((await visit('Zz9Zz9Z')).statusCode).toBe(404);
    const link = await made('https://example.com/old');
    const edited = await s.ada.send('PATCH', `/api/short-links/${link.id}`, {
      target: 'https://example.org/new',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await visit(link.code)).headers.location).toBe('https://example.org/new');
    await s.ada.send('PATCH', `/api/short-links/${link.id}`, { disabled: true });
    const gone = await visit(link.code);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe(SHORT_LINK_MESSAGES.visitorNotFound);
    await s.ada.send('PATCH', `/api/short-links/${link.id}`, { disabled: false });
    expect((await visit(link.code)).statusCode).toBe(302);
  });

  it('stores a target as the URL parser writes it, so any typed address redirects', async () => {
    const link = await made('https://example.com/漢字 page?q=a b#é');
    expect(link.target).toBe('https://example.com/%E6%BC%A2%E5%AD%97%20page?q=a%20b#%C3%A9');
    const response = await visit(link.code);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(link.target);
  });

  it('leaves the pages of the app and other paths alone', async () => {
    // Seven lowercase letters: a page's shape, never a code's.
    expect((await s.t.app.inject({ method: 'GET', url: '/pricing' })).statusCode).toBe(404);
    expect((await s.t.app.inject({ method: 'GET', url: '/api/short-links' })).statusCode).toBe(401);
    // A custom code's shape that is no link is a mistyped page: the app's own "page not found", not the
    // short answer of a dead link.
    const mistyped = await s.t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(mistyped.statusCode).toBe(404);
    expect(mistyped.body).not.toBe(SHORT_LINK_MESSAGES.visitorNotFound);
    expect(mistyped.headers['x-robots-tag']).toBeUndefined();
  });

  it('refuses javascript:, data: and other non-web targets with a clear message', async () => {
    for (const target of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://example.com/x',
      'mailto:a@b.c',
    ]) {
      const response = await s.ada.send('POST', '/api/short-links', { target });
      expect(response.statusCode, target).toBe(400);
      expect(response.json().message).toContain(SHORT_LINK_MESSAGES.targetScheme);
    }
    const typed = await s.ada.send('POST', '/api/short-links', { target: 'example.com' });
    expect(typed.json().message).toContain(SHORT_LINK_MESSAGES.targetInvalid);
    // An address inside the network is the visitor's browser's to open: allowed.
    expect((await s.ada.send('POST', '/api/short-links', { target: 'http://192.168.1.1/' })).statusCode).toBe(
      201,
    );
  });

  it("keeps another workspace's links out of reach", async () => {
    const link = await made('https://example.com/ada');
    expect((await s.bob.get(`/api/short-links/${link.id}`)).statusCode).toBe(404);
    expect((await s.bob.send('PATCH', `/api/short-links/${link.id}`, { disabled: true })).statusCode).toBe(
      404,
    );
    const bobs = (await s.bob.get('/api/short-links')).json() as { links: ShortLink[] };
    expect(bobs.links.map((l) => l.id)).not.toContain(link.id);
    expect((await visit(link.code)).statusCode).toBe(302);
  });
});

describe('short links: roles', () => {
  it('lets a viewer list the links but not make, edit or configure them', async () => {
    const link = await made('https://example.com/team');
    const viewer = await joined({ t: s.t, owner: s.ada }, 'viewer', 'Vera Viewer');
    const listed = (await viewer.get('/api/short-links')).json() as { links: ShortLink[] };
    expect(listed.links.map((l) => l.id)).toContain(link.id);
    expect(
      (await viewer.send('POST', '/api/short-links', { target: 'https://example.com/' })).statusCode,
    ).toBe(403);
    expect((await viewer.send('PATCH', `/api/short-links/${link.id}`, { disabled: true })).statusCode).toBe(
      403,
    );
    const settings = { mode: 'always', campaign: '' };
    expect((await viewer.send('PUT', '/api/short-links/settings', settings)).statusCode).toBe(403);
    const editor = await joined({ t: s.t, owner: s.ada }, 'editor', 'Eddie Editor');
    expect((await editor.send('PATCH', `/api/short-links/${link.id}`, { disabled: true })).statusCode).toBe(
      200,
    );
    expect((await editor.send('PUT', '/api/short-links/settings', settings)).statusCode).toBe(403);
    expect((await s.ada.send('PUT', '/api/short-links/settings', settings)).statusCode).toBe(200);
  });
});

describe('short links: the public API', () => {
  it('lists, makes and edits links with an API key, under the key’s scope', async () => {
    const keyOf = async (scopes: string[]) =>
      (
        (await s.ada.send('POST', '/api/api-keys', { name: `Links ${scopes}`, scopes })).json() as {
          secret: string;
        }
      ).secret;
    const call = (secret: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
      s.t.app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${secret}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
    const writer = await keyOf(['read', 'write']);
    const created = await call(writer, 'POST', '/api/v1/short-links', { target: 'https://example.com/api' });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json() as ShortLink;
    expect(
      (await call(writer, 'PATCH', `/api/v1/short-links/${link.id}`, { disabled: true })).statusCode,
    ).toBe(200);
    const reader = await keyOf(['read']);
    const listed = await call(reader, 'GET', '/api/v1/short-links');
    expect((listed.json() as { links: ShortLink[] }).links.find((l) => l.id === link.id)?.disabled).toBe(
      true,
    );
    expect((await call(reader, 'GET', '/api/v1/short-links/clicks')).statusCode).toBe(200);
    expect(
      (await call(reader, 'POST', '/api/v1/short-links', { target: 'https://example.com/' })).statusCode,
    ).toBe(403);
  });
});

describe('short links: clicks', () => {
  it('counts people by device and referring site, and link-preview crawlers apart', async () => {
    const link = await made('https://example.com/counted');
    await visit(link.code, { 'user-agent': CHROME, referer: 'https://www.reddit.com/r/x' });
    await visit(link.code, { 'user-agent': CHROME, referer: 'https://www.reddit.com/r/y' });
    await visit(link.code, { 'user-agent': IPHONE });
    for (const agent of [
      'Twitterbot/1.0',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'TelegramBot (like TwitterBot)',
      'WhatsApp/2.23.20.0',
      'http.rb/5.1.1 (Mastodon/4.2.0; +https://mastodon.social/)',
      'Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app) Chrome/116.0',
    ]) {
      await visit(link.code, { 'user-agent': agent });
    }
    const counts = await countsOf(link.id);
    const people = counts.filter((row) => row.crawler === '');
    expect(people).toEqual(
      expect.arrayContaining([
        { referrer: 'reddit.com', device: 'desktop', crawler: '', count: 2 },
        { referrer: '', device: 'mobile', crawler: '', count: 1 },
      ]),
    );
    expect(people).toHaveLength(2);
    const crawlers = counts.filter((row) => row.crawler !== '').map((row) => row.crawler);
    expect(crawlers.sort()).toEqual(
      [
        'Bluesky',
        'Discordbot',
        'Facebook',
        'LinkedInBot',
        'Mastodon',
        'Slackbot',
        'TelegramBot',
        'Twitterbot',
        'WhatsApp',
      ].sort(),
    );
    const listed = (await s.ada.get('/api/short-links')).json() as { links: ShortLink[] };
    const shown = listed.links.find((l) => l.id === link.id);
    expect(shown).toMatchObject({ clicks: 3, crawlerHits: 9 });
  });

  it('counts a visitor once a day by a salted hash, never their address', async () => {
    const link = await made('https://example.com/unique');
    const from = (remoteAddress: string, agent: string) =>
      s.t.app.inject({
        method: 'GET',
        url: `/${link.code}`,
        remoteAddress,
        headers: { 'user-agent': agent },
      });
    await from('203.0.113.7', CHROME);
    await from('203.0.113.7', CHROME);
    await from('203.0.113.7', IPHONE);
    await from('198.51.100.9', CHROME);
    await from('198.51.100.9', 'Twitterbot/1.0');
    await s.t.app.shortLinkClicks.flush();
    const listed = (await s.ada.get('/api/short-links')).json() as { links: ShortLink[] };
    expect(listed.links.find((l) => l.id === link.id)).toMatchObject({
      clicks: 4,
      visitors: 3,
      crawlerHits: 1,
    });
    const stored = await s.t.db.select().from(shortLinkVisitors).where(eq(shortLinkVisitors.linkId, link.id));
    expect(stored).toHaveLength(3);
    for (const row of stored) {
      expect(row.visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(row.visitor).not.toContain('203');
    }
  });

  it("rotates the salt daily and deletes past days' salts", async () => {
    // Days far ahead: the counter's own sweep deletes every day before today meanwhile.
    const first = await saltOf(s.t.db, '2099-01-01');
    expect(await saltOf(s.t.db, '2099-01-01')).toBe(first);
    const second = await saltOf(s.t.db, '2099-01-02');
    expect(second).not.toBe(first);
    expect(visitorHash(first, 'l1', '203.0.113.7', CHROME)).not.toBe(
      visitorHash(second, 'l1', '203.0.113.7', CHROME),
    );
    await forgetPastSalts(s.t.db, '2099-01-02');
    const days = (await s.t.db.select().from(shortLinkSalts)).map((row) => row.day);
    expect(days).not.toContain('2099-01-01');
    expect(days).toContain('2099-01-02');
  });

  it('counts many concurrent clicks exactly, in batches, without the redirect waiting for them', async () => {
    const link = await made('https://example.com/busy');
    const clicks = 2_000;
    const responses = await Promise.all(
      Array.from({ length: clicks }, () => visit(link.code, { 'user-agent': CHROME })),
    );
    expect(responses.every((response) => response.statusCode === 302)).toBe(true);
    const [sum] = await s.t.db
      .select({ total: sql<number>`coalesce(sum(${shortLinkClicks.count}), 0)::int` })
      .from(shortLinkClicks)
      .where(eq(shortLinkClicks.linkId, link.id));
    // Written every second, not per click: most are still journaled.
    expect(Number(sum?.total) + s.t.app.shortLinkClicks.unflushed).toBeGreaterThanOrEqual(clicks);
    const counts = await countsOf(link.id);
    expect(counts.reduce((total, row) => total + row.count, 0)).toBe(clicks);
  });
});

describe('short links: the click journal', () => {
  it('still redirects when the journal cannot be written', async () => {
    const link = await made('https://example.com/disk-full');
    const counter = s.t.app.shortLinkClicks;
    const record = counter.record;
    counter.record = () => {
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    };
    try {
      expect((await visit(link.code)).statusCode).toBe(302);
    } finally {
      counter.record = record;
    }
  });

  it('loses no click when the server stops gracefully', async () => {
    const testDb = await createTestDatabase();
    try {
      const t = await createTestApp({ database: testDb.database });
      const ada = await signInAsNewUser(t);
      const link = (await ada.send('POST', '/api/short-links', { target: 'https://example.com/' })).json();
      for (let i = 0; i < 50; i += 1) await t.app.inject({ method: 'GET', url: `/${link.code}` });
      expect(t.app.shortLinkClicks.unflushed).toBeGreaterThan(0);
      await t.close();
      const rows = await testDb.database.db
        .select({ count: shortLinkClicks.count })
        .from(shortLinkClicks)
        .where(eq(shortLinkClicks.linkId, link.id));
      expect(rows.reduce((total, row) => total + row.count, 0)).toBe(50);
    } finally {
      await testDb.cleanup();
    }
  });

  it('counts a killed process’s segment once, however many times it is replayed', async () => {
    const link = await made('https://example.com/killed');
    const dir = path.join(s.t.config.dataDir, 'journal-kill-test');
    mkdirSync(dir, { recursive: true });
    const line = JSON.stringify([link.id, hourOf(Date.now()), '', 'desktop', '']);
    // What a process killed mid-second leaves: its open segment, the last line torn by nothing (one write each).
    writeFileSync(path.join(dir, '1-1-dead-1.log'), `${line}\n${line}\n${line}\n["torn`);
    const survivor = new ClickCounter({ db: s.t.db, dir, log: s.t.app.log });
    expect(await survivor.recover(0)).toBe(3);
    expect(readdirSync(dir)).toEqual([]);
    // The same segment found again (the process died after counting it, before deleting it): nothing added.
    writeFileSync(path.join(dir, '1-1-dead-1.log'), `${line}\n${line}\n${line}\n`);
    await survivor.recover(0);
    expect((await countsOf(link.id)).reduce((total, row) => total + row.count, 0)).toBe(3);
  });

  it('counts the first visitor after midnight at once: tomorrow’s salt is loaded before the day ends', async () => {
    const counter = new ClickCounter({
      db: s.t.db,
      dir: path.join(s.t.config.dataDir, 'salt-test'),
      log: s.t.app.log,
    });
    const now = Date.now();
    const tomorrow = dayOf(now + 86_400_000);
    await counter.loadSalt(tomorrow);
    const spy = vi.spyOn(Date, 'now').mockReturnValue(Date.parse(`${tomorrow}T00:00:00.100Z`));
    try {
      const [row] = await s.t.db.select().from(shortLinkSalts).where(eq(shortLinkSalts.day, tomorrow));
      expect(counter.visitorOf('link-1', '203.0.113.9', 'Safari')).toBe(
        visitorHash(row?.salt ?? 'missing', 'link-1', '203.0.113.9', 'Safari'),
      );
    } finally {
      spy.mockRestore();
    }
    // Without it, the day's salt is asked for and the click counts no visitor until it is there.
    const cold = new ClickCounter({
      db: s.t.db,
      dir: path.join(s.t.config.dataDir, 'salt-cold'),
      log: s.t.app.log,
    });
    expect(cold.visitorOf('link-1', '203.0.113.9', 'Safari')).toBe('');
    await cold.loadSalt();
    expect(cold.visitorOf('link-1', '203.0.113.9', 'Safari')).not.toBe('');
  });
});
