import type { BestTimeResponse } from '@relaycast/shared/best-time-api';
import type { Post } from '@relaycast/shared/posts';
import { QUEUE_SLOT_MESSAGES, type QueueSchedule, type QueueSlot } from '@relaycast/shared/queue-slots';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, useTestApp } from '../../../test/auth-requests';
import { posts } from '../../db/schema/index';
import { joined } from '../approvals/approvals.test-support';
import { insertAccount } from '../best-time/best-time.test-support';
import { resolveSchedules } from '../posts/posts-schedule';

/** Queue slots (docs/queue-slots.md): the schedule's CRUD and the queue filling it, on the real database. */

const s = useTestApp({ ada: 'Ada', bob: 'Bob' });
let account: string;
let viewer: SignedInUser;

beforeAll(async () => {
  account = await insertAccount(s.t, s.ada.workspaceId, 'mastodon');
  viewer = await joined({ t: s.t, owner: s.ada }, 'viewer', 'Vera Viewer');
}, 60_000);

const put = (who: SignedInUser, accountId: string, body: unknown) =>
  who.send('PUT', `/api/queue-slots/${accountId}`, body);

/** The next `count` instants after `now` of a daily UTC schedule at the given times. */
function dailyUtc(times: readonly string[], now: Date, count: number): string[] {
  const out: string[] = [];
  for (let day = 0; out.length < count; day++) {
    const date = new Date(now.getTime() + day * 86_400_000).toISOString().slice(0, 10);
    for (const time of [...times].sort()) {
      const at = new Date(`${date}T${time}:00.000Z`);
      if (at.getTime() > now.getTime() && out.length < count) out.push(at.toISOString());
    }
  }
  return out;
}

const everyDay = (time: string): QueueSlot[] => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, time }));

describe('the posting schedule', () => {
  it('saves, lists in order, refuses bad input with its message and clears', async () => {
    const saved = await put(s.ada, account, {
      timeZone: 'Europe/Paris',
      slots: [
        { weekday: 2, time: '17:00' },
        { weekday: 0, time: '09:30' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as QueueSchedule).slots).toEqual([
      { weekday: 0, time: '09:30' },
      { weekday: 2, time: '17:00' },
    ]);
    const list = (await s.ada.get('/api/queue-slots')).json().schedules as QueueSchedule[];
    expect(list.find((one) => one.accountId === account)).toMatchObject({ timeZone: 'Europe/Paris' });

    const refusals: [unknown, string][] = [
      [{ timeZone: 'UTC', slots: [{ weekday: 0, time: '25:00' }] }, QUEUE_SLOT_MESSAGES.badTime],
      [{ timeZone: 'UTC', slots: [{ weekday: 7, time: '09:00' }] }, QUEUE_SLOT_MESSAGES.badWeekday],
      [{ timeZone: 'Mars/Olympus', slots: [] }, QUEUE_SLOT_MESSAGES.badTimeZone],
      [
        { timeZone: 'UTC', slots: [...everyDay('09:00'), { weekday: 0, time: '09:00' }] },
        QUEUE_SLOT_MESSAGES.duplicate,
      ],
    ];
    for (const [body, message] of refusals) {
      const res = await put(s.ada, account, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
    const tooMany = Array.from({ length: 51 }, (_, n) => ({
      weekday: n % 7,
      time: `${String(Math.floor(n / 7)).padStart(2, '0')}:00`,
    }));
    const over = await put(s.ada, account, { timeZone: 'UTC', slots: tooMany });
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain(QUEUE_SLOT_MESSAGES.tooMany);

    const cleared = await put(s.ada, account, { timeZone: 'UTC', slots: [] });
    expect(cleared.json()).toEqual({ accountId: account, timeZone: null, slots: [] });
  });

  it("answers 404 for another workspace's account and 403 to a viewer", async () => {
    const body = { timeZone: 'UTC', slots: everyDay('10:00') };
    expect((await put(s.bob, account, body)).statusCode).toBe(404);
    expect(
      (await s.bob.send('POST', `/api/queue-slots/${account}/fill-from-best-times`, { timeZone: 'UTC' }))
        .statusCode,
    ).toBe(404);
    expect((await put(viewer, account, body)).statusCode).toBe(403);
    expect((await viewer.get('/api/queue-slots')).statusCode).toBe(200);
    const bobs = (await s.bob.get('/api/queue-slots')).json().schedules as QueueSchedule[];
    expect(bobs.some((one) => one.accountId === account)).toBe(false);
  });

  it("fills from the account's best times: one hour a day, the ones the heatmap rates best", async () => {
    const other = await insertAccount(s.t, s.ada.workspaceId, 'bluesky');
    const res = await s.ada.send('POST', `/api/queue-slots/${other}/fill-from-best-times`, {
      timeZone: 'America/New_York',
    });
    expect(res.statusCode, res.body).toBe(200);
    const schedule = res.json() as QueueSchedule;
    expect(schedule.timeZone).toBe('America/New_York');
    expect(schedule.slots.map((slot) => slot.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const heat: BestTimeResponse = (
      await s.ada.get(`/api/best-time?accountId=${other}&timezone=America/New_York`)
    ).json();
    for (const slot of schedule.slots) {
      const day = heat.cells.slice(slot.weekday * 24, slot.weekday * 24 + 24).map((cell) => cell.score);
      expect(day[Number(slot.time.slice(0, 2))]).toBe(Math.max(...day));
    }
    const bad = await s.ada.send('POST', `/api/queue-slots/${other}/fill-from-best-times`, {
      timeZone: 'UTC',
      perDay: 9,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(QUEUE_SLOT_MESSAGES.badPerDay);
  });
});

const queue = (who: SignedInUser, accountId: string, content = 'Queued') =>
  who.send('POST', '/api/posts', {
    content,
    platforms: ['mastodon'],
    accountIds: [accountId],
    action: 'queue',
    timezone: 'UTC',
  });

describe('"Add to queue" with a posting schedule', () => {
  it('fills the slots in order, skips a taken one (same minute) and shows the rest as open', async () => {
    const own = await insertAccount(s.t, s.ada.workspaceId, 'mastodon');
    expect(
      (await put(s.ada, own, { timeZone: 'UTC', slots: [...everyDay('10:00'), ...everyDay('15:00')] }))
        .statusCode,
    ).toBe(200);
    const expected = dailyUtc(['10:00', '15:00'], new Date(), 5);
    const first = (await queue(s.ada, own)).json() as Post;
    const second = (await queue(s.ada, own)).json() as Post;
    expect([first.scheduledAt, second.scheduledAt]).toEqual(expected.slice(0, 2));
    // A post set by hand 30 seconds into the third slot holds it.
    const byHand = new Date(Date.parse(expected[2]!) + 30_000).toISOString();
    const manual = await s.ada.send('POST', '/api/posts', {
      content: 'By hand',
      platforms: ['mastodon'],
      accountIds: [own],
      action: 'schedule',
      scheduledAt: byHand,
      timezone: 'UTC',
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const third = (await queue(s.ada, own)).json() as Post;
    expect(third.scheduledAt).toBe(expected[3]);

    const to = new Date(Date.parse(expected[4]!) + 60_000).toISOString();
    const open = (await s.ada.get(`/api/queue-slots/open?from=${new Date().toISOString()}&to=${to}`)).json();
    const mine = (open.slots as { accountId: string; at: string }[]).filter((slot) => slot.accountId === own);
    expect(mine.map((slot) => slot.at)).toEqual([expected[4]]);
    const wide = await s.ada.get(`/api/queue-slots/open?from=2030-01-01T00:00:00Z&to=2030-04-01T00:00:00Z`);
    expect(wide.statusCode).toBe(400);
  });

  it('keeps the wall-clock times when the zone changes, and the next free slot moves with the zone', async () => {
    const own = await insertAccount(s.t, s.ada.workspaceId, 'mastodon');
    expect((await put(s.ada, own, { timeZone: 'UTC', slots: everyDay('10:00') })).statusCode).toBe(200);
    // What the editor's zone picker sends: the same slots in another zone (Tokyo: UTC+9, no daylight saving).
    const moved = await put(s.ada, own, { timeZone: 'Asia/Tokyo', slots: everyDay('10:00') });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ timeZone: 'Asia/Tokyo', slots: everyDay('10:00') });
    const list = (await s.ada.get('/api/queue-slots')).json().schedules as QueueSchedule[];
    expect(list.find((one) => one.accountId === own)).toEqual({
      accountId: own,
      timeZone: 'Asia/Tokyo',
      slots: everyDay('10:00'),
    });
    // 10:00 in Tokyo is 01:00 UTC: the queue takes the next one, not 10:00 UTC.
    const queued = (await queue(s.ada, own)).json() as Post;
    expect(queued.scheduledAt).toBe(dailyUtc(['01:00'], new Date(), 1)[0]);
  });

  it('gives two concurrent queue requests different slots', async () => {
    const own = await insertAccount(s.t, s.ada.workspaceId, 'mastodon');
    await put(s.ada, own, { timeZone: 'UTC', slots: everyDay('08:00') });
    const both = await Promise.all([queue(s.ada, own, 'A'), queue(s.ada, own, 'B')]);
    expect(both.map((res) => res.statusCode)).toEqual([201, 201]);
    const got = both.map((res) => (res.json() as Post).scheduledAt).sort();
    expect(got).toEqual(dailyUtc(['08:00'], new Date(), 2));
  });

  it('keeps the best-time queue for an account without slots', async () => {
    const plain = await insertAccount(s.t, s.ada.workspaceId, 'mastodon');
    const from = new Date();
    const to = new Date(from.getTime() + 14 * 86_400_000);
    const suggestions = (
      await s.ada.get(
        `/api/best-time/suggestions?from=${from.toISOString()}&to=${to.toISOString()}&accountIds=${plain}&timezone=UTC`,
      )
    ).json().suggestions as { at: string }[];
    const post = (await queue(s.ada, plain)).json() as Post;
    expect(post.scheduledAt).toBe(suggestions[0]?.at);
  });

  it('fills the slots in order for bulk-import rows without a time', async () => {
    const own = await insertAccount(s.t, s.bob.workspaceId, 'mastodon');
    await put(s.bob, own, { timeZone: 'UTC', slots: everyDay('11:45') });
    const csv = ['text,date,time,timezone,accounts', ...[1, 2, 3].map((n) => `Row ${n},,,UTC,mastodon`)].join(
      '\n',
    );
    const res = await s.bob.send('POST', '/api/bulk-import', { timeZone: 'UTC', csv, mode: 'scheduled' });
    expect(res.statusCode, res.body).toBe(201);
    const saved = await s.t.db.select().from(posts).where(inArray(posts.id, res.json().postIds));
    const byText = new Map(saved.map((post) => [post.content, post.scheduledAt?.toISOString()]));
    expect([1, 2, 3].map((n) => byText.get(`Row ${n}`))).toEqual(dailyUtc(['11:45'], new Date(), 3));
  });
});

describe('the queue at a fixed instant', () => {
  const inputs = (accountId: string, count: number, timezone: string) =>
    Array.from({ length: count }, () => ({
      action: 'queue' as const,
      scheduledAt: undefined,
      timezone,
      platforms: ['mastodon' as const],
      accountIds: [accountId],
    }));

  it('crosses the week boundary and keeps local time across a daylight-saving change', async () => {
    const own = await insertAccount(s.t, s.ada.workspaceId, 'mastodon');
    // Saturday and Sunday 09:00 in Paris; clocks go forward on Sunday 28 March 2027.
    await put(s.ada, own, {
      timeZone: 'Europe/Paris',
      slots: [
        { weekday: 5, time: '09:00' },
        { weekday: 6, time: '09:00' },
      ],
    });
    const now = new Date('2027-03-27T12:00:00Z'); // Saturday 13:00 in Paris: Saturday's slot is gone
    const picks = await s.t.db.transaction((tx) =>
      resolveSchedules(tx, s.ada.workspaceId, inputs(own, 3, 'UTC'), now),
    );
    expect(picks.map((pick) => pick.scheduledAt?.toISOString())).toEqual([
      '2027-03-28T07:00:00.000Z', // Sunday 09:00 summer time
      '2027-04-03T07:00:00.000Z', // next Saturday, after the week's end
      '2027-04-04T07:00:00.000Z',
    ]);
    // Before the change, the same 09:00 is an hour later in UTC.
    const winter = await s.t.db.transaction((tx) =>
      resolveSchedules(tx, s.ada.workspaceId, inputs(own, 1, 'UTC'), new Date('2027-03-20T06:00:00Z')),
    );
    expect(winter[0]?.scheduledAt?.toISOString()).toBe('2027-03-20T08:00:00.000Z');
  });
});
