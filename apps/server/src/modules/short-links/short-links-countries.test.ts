import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ShortLink, ShortLinkClickReport } from '@relaycast/shared/short-links';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInAsNewUser, useTestApp } from '../../../test/auth-requests';
import { shortLinkClicks } from '../../db/schema/index';
import { CountryLookup } from './short-links-country';
import { ClickCounter } from './short-links-journal';
import { hourOf } from './short-links-traffic';

// Addresses whose country DB-IP's free database has held for years (public resolvers and registries' blocks).
const IN_US = '8.8.8.8';
const IN_DE = '194.25.2.129';

describe('the country of a visitor', () => {
  it('is unknown until the database is read, then read offline; never for a private address', async () => {
    const countries = new CountryLookup();
    expect(countries.countryOf(IN_US)).toBe('');
    await countries.load();
    expect(countries.countryOf(IN_US)).toBe('US');
    expect(countries.countryOf(`::ffff:${IN_US}`)).toBe('US');
    expect(countries.countryOf(IN_DE)).toBe('DE');
    expect(countries.countryOf('2a00:1450:4001:80b::200e')).toBe('DE');
    for (const inside of ['127.0.0.1', '10.1.2.3', '192.168.0.9', '::1', 'fd00::1', 'not an address', '']) {
      expect(countries.countryOf(inside), inside).toBe('');
    }
  });
});

describe('short links: clicks by country', () => {
  const s = useTestApp({ ada: 'Ada' });

  it('counts people by country, keeps no address, and lists the countries on /analytics', async () => {
    await s.t.app.shortLinkCountries.load();
    const made = await s.ada.send('POST', '/api/short-links', { target: 'https://example.com/where' });
    const link = made.json() as ShortLink;
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
    const visit = (remoteAddress: string, agent = chrome) =>
      s.t.app.inject({
        method: 'GET',
        url: `/${link.code}`,
        remoteAddress,
        headers: { 'user-agent': agent },
      });
    for (const address of [IN_US, IN_US, IN_DE, '10.0.0.7'])
      expect((await visit(address)).statusCode).toBe(302);
    // A preview crawler from a known country is shown apart, not in the countries of people.
    await visit(IN_DE, 'Twitterbot/1.0');
    await s.t.app.shortLinkClicks.flush();

    const rows = await s.t.db.select().from(shortLinkClicks).where(eq(shortLinkClicks.linkId, link.id));
    expect(rows.map((row) => [row.country, row.crawler, row.count]).sort()).toEqual(
      [
        ['', '', 1],
        ['DE', '', 1],
        ['DE', 'Twitterbot', 1],
        ['US', '', 2],
      ].sort(),
    );
    expect(JSON.stringify(rows)).not.toContain('8.8.8.8');

    const report = (await s.ada.get('/api/short-links/clicks')).json() as ShortLinkClickReport;
    expect(report.countries).toEqual([
      { country: 'US', clicks: 2 },
      { country: 'DE', clicks: 1 },
    ]);
    const bob = await signInAsNewUser(s.t, { name: 'Bob' });
    expect(((await bob.get('/api/short-links/clicks')).json() as ShortLinkClickReport).countries).toEqual([]);
  });

  it('still counts a journal written before countries were kept, with no country', async () => {
    const made = await s.ada.send('POST', '/api/short-links', { target: 'https://example.com/older' });
    const link = made.json() as ShortLink;
    const dir = path.join(s.t.config.dataDir, 'journal-before-countries');
    mkdirSync(dir, { recursive: true });
    // [link, hour, referrer, device, crawler, visitor]: the line of the release before this one.
    const line = JSON.stringify([link.id, hourOf(Date.now()), 'reddit.com', 'desktop', '', '']);
    const file = path.join(dir, '1-1-older-1.log');
    writeFileSync(file, `${line}\n${line}\n`);
    // A file's time is finer than Date.now(), so one just written can look a little ahead: 0 still takes it.
    const ahead = new Date(Date.now() + 500);
    utimesSync(file, ahead, ahead);
    const counter = new ClickCounter({ db: s.t.db, dir, log: s.t.app.log });
    expect(await counter.recover(0)).toBe(2);
    const rows = await s.t.db.select().from(shortLinkClicks).where(eq(shortLinkClicks.linkId, link.id));
    expect(rows.map(({ referrer, country, count }) => ({ referrer, country, count }))).toEqual([
      { referrer: 'reddit.com', country: '', count: 2 },
    ]);
  });
});
