import {
  BEST_TIME_MESSAGES,
  type BestTimeResponse,
  type SuggestionsResponse,
} from '@relaycast/shared/best-time-api';
import {
  addDaysToDate,
  instantToZoned,
  SLOT_MINUTES,
  todayIn,
  zonedToInstant,
} from '@relaycast/shared/calendar';
import type { Post } from '@relaycast/shared/posts';
import { defaultUserSettings } from '@relaycast/shared/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertAccount, insertHistory } from './best-time.test-support';
import { hourOfWeek } from './best-time-model';

const ZONE = 'America/New_York';
const PEAK = '14:00';
let t: TestApp;
let ada: SignedInUser;
let bob: SignedInUser;
let adaAccount: string;

/** Twenty weeks of posts every hour from 08:00 to 21:00 local; the 14:00 ones get four times the engagement. */
function history(): { publishedAt: Date; engagements48h: number }[] {
  const rows: { publishedAt: Date; engagements48h: number }[] = [];
  const today = todayIn(ZONE);
  for (let day = 1; day <= 140; day++) {
    const date = addDaysToDate(today, -day);
    for (let clock = 8; clock < 22; clock++) {
      const time = `${String(clock).padStart(2, '0')}:00`;
      rows.push({
        publishedAt: zonedToInstant(date, time, ZONE),
        engagements48h: (time === PEAK ? 400 : 100) + ((day * 7 + clock) % 11),
      });
    }
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  ada = await signInAsNewUser(t, { name: 'Ada' });
  bob = await signInAsNewUser(t, { name: 'Bob' });
  adaAccount = await insertAccount(t, ada.workspaceId, 'mastodon');
  await insertHistory(t, ada.workspaceId, adaAccount, 'mastodon', history());
}, 120_000);
afterAll(() => t.close());

const zoneParam = `timezone=${encodeURIComponent(ZONE)}`;
const localTime = (at: string) => instantToZoned(at, ZONE).time;

describe('GET /api/best-time', () => {
  it("learns the account's best hour from its history, with the posts behind each hour", async () => {
    const res = await ada.get(`/api/best-time?accountId=${adaAccount}&${zoneParam}`);
    expect(res.statusCode).toBe(200);
    const body: BestTimeResponse = res.json();
    expect(body).toMatchObject({ timeZone: ZONE, accountIds: [adaAccount], platforms: ['mastodon'] });
    expect(body.totalPosts).toBe(140 * 14);
    expect(body.note).toBe(BEST_TIME_MESSAGES.exploration);
    expect(body.cells).toHaveLength(168);
    const best = [...body.cells].sort((a, b) => b.score - a.score)[0]!;
    expect(best.hourOfWeek % 24).toBe(14);
    expect(best).toMatchObject({ posts: 20, confidence: 'good' });
    expect(body.cells[3]).toMatchObject({ posts: 0, confidence: 'none' }); // Monday 03:00: never posted
    // The coming week's slots: in the future, on whole local hours, the peak among each full day's three.
    expect(body.suggestions.length).toBeGreaterThan(10);
    for (const slot of body.suggestions) {
      expect(Date.parse(slot.at)).toBeGreaterThan(Date.now());
      expect(hourOfWeek(slot.at, ZONE)).toBe(slot.hourOfWeek);
    }
    const peaks = body.suggestions.filter((slot) => localTime(slot.at) === PEAK);
    expect(peaks.length).toBeGreaterThanOrEqual(6);
  });

  it('falls back to the platform prior without history, and says so', async () => {
    const res = await bob.get(`/api/best-time?platform=facebook&${zoneParam}`);
    expect(res.statusCode).toBe(200);
    const body: BestTimeResponse = res.json();
    expect(body).toMatchObject({ accountIds: [], platforms: ['facebook'], totalPosts: 0 });
    expect(body.note).toBe(BEST_TIME_MESSAGES.noHistory);
    expect(body.cells.every((cell) => cell.confidence === 'none')).toBe(true);
    // Facebook's published windows (Mon 8–13) score above a Sunday afternoon.
    expect(body.cells[9]!.score).toBeGreaterThan(body.cells[6 * 24 + 15]!.score);
  });

  it('counts hours in the zone of the user’s settings when the page names none', async () => {
    // The default setting is "auto": no browser has reported a zone for this user yet, so UTC.
    const first = await ada.get(
      '/api/best-time/suggestions?from=2030-01-01T00:00:00Z&to=2030-01-02T00:00:00Z',
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().timeZone).toBe('UTC');
    const pst = { ...defaultUserSettings(), region: { language: 'en', timezone: 'PST' } };
    expect((await ada.send('PUT', '/api/settings', pst)).statusCode).toBe(200);
    const chosen = await ada.get(
      '/api/best-time/suggestions?from=2030-01-01T00:00:00Z&to=2030-01-02T00:00:00Z',
    );
    expect(chosen.json().timeZone).toBe('America/Los_Angeles');
    expect((await ada.get('/api/best-time')).statusCode).toBe(200);
    expect((await ada.send('PUT', '/api/settings', defaultUserSettings())).statusCode).toBe(200);
  });

  it('counts an account’s hours in its own zone when it has one, whatever the browser says', async () => {
    const url = `/api/accounts/${adaAccount}`;
    const bad = await ada.send('PATCH', url, { timezone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Unknown time zone.');
    expect((await bob.send('PATCH', url, { timezone: ZONE })).statusCode).toBe(404);
    const saved = await ada.send('PATCH', url, { timezone: ZONE });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: adaAccount, timezone: ZONE });
    const paris = `timezone=${encodeURIComponent('Europe/Paris')}`;
    const body: BestTimeResponse = (await ada.get(`/api/best-time?accountId=${adaAccount}&${paris}`)).json();
    expect(body.timeZone).toBe(ZONE);
    expect([...body.cells].sort((a, b) => b.score - a.score)[0]!.hourOfWeek % 24).toBe(14);
    const range = 'from=2030-01-01T00:00:00Z&to=2030-01-02T00:00:00Z';
    const suggestions = await ada.get(
      `/api/best-time/suggestions?accountIds=${adaAccount}&${range}&${paris}`,
    );
    expect(suggestions.json().timeZone).toBe(ZONE);
    // The workspace as a whole is shown in the viewer's zone; clearing the account's zone brings it back to it.
    expect((await ada.get(`/api/best-time?${paris}`)).json().timeZone).toBe('Europe/Paris');
    expect((await ada.send('PATCH', url, { timezone: null })).json().timezone).toBeNull();
    expect((await ada.get(`/api/best-time?accountId=${adaAccount}&${paris}`)).json().timeZone).toBe(
      'Europe/Paris',
    );
  });

  it("answers 404 for another workspace's account and 400 for bad input", async () => {
    const other = await bob.get(`/api/best-time?accountId=${adaAccount}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: BEST_TIME_MESSAGES.accountNotFound,
    });
    const zone = await ada.get('/api/best-time?timezone=Mars%2FOlympus');
    expect(zone.statusCode).toBe(400);
    expect(zone.json().message).toBe(BEST_TIME_MESSAGES.badTimeZone);
    expect((await ada.get('/api/best-time?platform=myspace')).statusCode).toBe(400);
    const range = await ada.get(
      `/api/best-time/suggestions?from=2026-01-10T00:00:00Z&to=2026-01-01T00:00:00Z`,
    );
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toBe(BEST_TIME_MESSAGES.badRange);
    expect((await t.app.inject({ method: 'GET', url: '/api/best-time' })).statusCode).toBe(401);
  });
});

describe('the queue and the suggestions', () => {
  it("queues into the account's next best free slots, the ones the calendar suggests", async () => {
    const from = new Date();
    const to = new Date(from.getTime() + 14 * 86_400_000);
    const url = `/api/best-time/suggestions?from=${from.toISOString()}&to=${to.toISOString()}&accountIds=${adaAccount}&${zoneParam}`;
    const before: SuggestionsResponse = (await ada.get(url)).json();
    expect(before.suggestions.length).toBeGreaterThan(20);

    const queue = async () => {
      const res = await ada.send('POST', '/api/posts', {
        content: 'Queued',
        platforms: ['mastodon'],
        accountIds: [adaAccount],
        action: 'queue',
        timezone: ZONE,
      });
      expect(res.statusCode).toBe(201);
      return res.json() as Post;
    };
    const first = await queue();
    expect(first.scheduledAt).toBe(before.suggestions[0]!.at);
    const second = await queue();
    expect(second.scheduledAt).toBe(before.suggestions[1]!.at);

    // A post set by hand 20 minutes after the next suggestion blocks it: the queue moves past it.
    const byHand = new Date(Date.parse(before.suggestions[2]!.at) + 20 * 60_000);
    const manual = await ada.send('POST', '/api/posts', {
      content: 'By hand',
      platforms: ['mastodon'],
      action: 'schedule',
      scheduledAt: byHand.toISOString(),
      timezone: ZONE,
    });
    expect((manual.json() as Post).scheduledAt).toBe(byHand.toISOString()); // a chosen time is kept
    // The next suggestion that no post is within an hour of (SLOT_MINUTES): which one that is depends on the
    // hours suggested today (the one right after the blocked slot may be 40 minutes after the post by hand).
    const clashes = (at: string) => Math.abs(Date.parse(at) - byHand.getTime()) < SLOT_MINUTES * 60_000;
    const thirdIndex = before.suggestions.findIndex((slot, index) => index > 2 && !clashes(slot.at));
    const third = await queue();
    expect(third.scheduledAt).toBe(before.suggestions[thirdIndex]!.at);

    // The calendar no longer offers the taken slots, and still offers the free ones after them.
    const after: SuggestionsResponse = (await ada.get(url)).json();
    const offered = new Set(after.suggestions.map((slot) => slot.at));
    for (const taken of [first, second, third]) expect(offered.has(taken.scheduledAt!)).toBe(false);
    expect(offered.has(before.suggestions[2]!.at)).toBe(false);
    const stillFree = before.suggestions.find(
      (slot, index) =>
        index > thirdIndex &&
        !clashes(slot.at) &&
        Math.abs(Date.parse(slot.at) - Date.parse(third.scheduledAt!)) >= SLOT_MINUTES * 60_000,
    );
    expect(offered.has(stillFree!.at)).toBe(true);
  });

  it("ignores another workspace's posts and keeps its suggestions to itself", async () => {
    const from = new Date();
    const to = new Date(from.getTime() + 3 * 86_400_000);
    const url = `/api/best-time/suggestions?from=${from.toISOString()}&to=${to.toISOString()}&platforms=bluesky&${zoneParam}`;
    const bobBefore: SuggestionsResponse = (await bob.get(url)).json();
    expect(bobBefore.note).toBe(BEST_TIME_MESSAGES.noHistory);
    // Ada's queue in the same zone takes Ada's slots, never Bob's.
    await ada.send('POST', '/api/posts', {
      content: 'Ada',
      platforms: ['bluesky'],
      action: 'queue',
      timezone: ZONE,
    });
    expect(((await bob.get(url)).json() as SuggestionsResponse).suggestions).toEqual(bobBefore.suggestions);
    const asked = await bob.get(
      `/api/best-time/suggestions?from=${from.toISOString()}&to=${to.toISOString()}&accountIds=${adaAccount}`,
    );
    expect(asked.statusCode).toBe(404);
  });
});
