import { PLANNED_STREAM_MESSAGES, type PlannedStream } from '@relaycast/shared/planned-streams';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { plannedStreams } from '../../db/schema/index';
import { insertDestination, insertPlannedStream, minutesFromNow } from './planned-streams.test-support';

let t: TestApp;
let ada: SignedInUser;
let bob: SignedInUser;
let adaTwitch: string;
let bobTwitch: string;

beforeAll(async () => {
  t = await createTestApp({ config: { streamReminderIntervalMs: 0 } });
  ada = await signInAsNewUser(t, { name: 'Ada' });
  bob = await signInAsNewUser(t, { name: 'Bob' });
  adaTwitch = await insertDestination(t, ada);
  bobTwitch = await insertDestination(t, bob);
});
afterAll(() => t.close());

const plan = (overrides: Record<string, unknown> = {}) => ({
  title: 'Launch day Q&A',
  description: 'Questions about the release',
  scheduledAt: minutesFromNow(24 * 60),
  timezone: 'Europe/Paris',
  destinationIds: [adaTwitch],
  ...overrides,
});

describe('planned streams', () => {
  it('creates, reads, lists, replaces and deletes a planned stream', async () => {
    const created = await ada.send('POST', '/api/scheduled-streams', plan());
    expect(created.statusCode).toBe(201);
    const stream: PlannedStream = created.json();
    expect(stream).toMatchObject({
      title: 'Launch day Q&A',
      description: 'Questions about the release',
      timezone: 'Europe/Paris',
      destinationIds: [adaTwitch],
      remindedAt: null,
      dismissedAt: null,
    });
    expect((await ada.get(`/api/scheduled-streams/${stream.id}`)).json()).toEqual(stream);
    // Lists add who planned and last changed each (the shared calendar), and whether it is the caller's.
    const named = { ...stream, createdByName: 'Ada', updatedByName: 'Ada', isYours: true };
    expect((await ada.get('/api/scheduled-streams')).json().streams).toContainEqual(named);

    const from = minutesFromNow(23 * 60);
    const to = minutesFromNow(25 * 60);
    const inRange = await ada.get(`/api/scheduled-streams?from=${from}&to=${to}`);
    expect(inRange.json().streams).toEqual([named]);
    const outOfRange = await ada.get(`/api/scheduled-streams?from=${to}&to=${minutesFromNow(26 * 60)}`);
    expect(outOfRange.json().streams).toEqual([]);

    const later = minutesFromNow(48 * 60);
    const replaced = await ada.send(
      'PUT',
      `/api/scheduled-streams/${stream.id}`,
      plan({ title: 'Launch Q&A (moved)', scheduledAt: later, destinationIds: [] }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: stream.id,
      title: 'Launch Q&A (moved)',
      scheduledAt: later,
      destinationIds: [],
    });

    expect((await ada.send('DELETE', `/api/scheduled-streams/${stream.id}`)).statusCode).toBe(204);
    expect((await ada.get(`/api/scheduled-streams/${stream.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['no title', { title: '   ' }, PLANNED_STREAM_MESSAGES.titleRequired],
    ['a long title', { title: 'x'.repeat(121) }, PLANNED_STREAM_MESSAGES.titleTooLong],
    ['no time', { scheduledAt: '' }, PLANNED_STREAM_MESSAGES.timeRequired],
    ['a time without offset', { scheduledAt: '2030-01-01T10:00:00' }, PLANNED_STREAM_MESSAGES.timeRequired],
    ['a past time', { scheduledAt: minutesFromNow(-5) }, PLANNED_STREAM_MESSAGES.inPast],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, PLANNED_STREAM_MESSAGES.invalidTimeZone],
    ['an unknown destination', { destinationIds: ['nope'] }, PLANNED_STREAM_MESSAGES.unknownDestination],
  ])('refuses %s with a clear 400 and saves nothing', async (_name, overrides, message) => {
    const before = await t.db.select().from(plannedStreams).where(eq(plannedStreams.userId, ada.userId));
    const res = await ada.send('POST', '/api/scheduled-streams', plan(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await t.db.select().from(plannedStreams).where(eq(plannedStreams.userId, ada.userId))).toEqual(
      before,
    );
  });

  it('refuses another user’s destination', async () => {
    const res = await ada.send(
      'POST',
      '/api/scheduled-streams',
      plan({ destinationIds: [adaTwitch, bobTwitch] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PLANNED_STREAM_MESSAGES.unknownDestination);
  });

  it('keeps the time when an edit does not move it, and lets the reminder go out again when it does', async () => {
    const id = await insertPlannedStream(t, ada, { title: 'Past', scheduledAt: minutesFromNow(-10) });
    await t.db.update(plannedStreams).set({ remindedAt: new Date() }).where(eq(plannedStreams.id, id));
    const stream: PlannedStream = (await ada.get(`/api/scheduled-streams/${id}`)).json();
    const retitled = await ada.send(
      'PUT',
      `/api/scheduled-streams/${id}`,
      plan({ title: 'Past, renamed', scheduledAt: stream.scheduledAt, timezone: 'UTC' }),
    );
    expect(retitled.statusCode).toBe(200);
    expect(retitled.json().remindedAt).toBe(stream.remindedAt);

    const moved = await ada.send(
      'PUT',
      `/api/scheduled-streams/${id}`,
      plan({ scheduledAt: minutesFromNow(60) }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().remindedAt).toBeNull();
    await ada.send('DELETE', `/api/scheduled-streams/${id}`);
  });

  it('lists streams due now for the banner until dismissed', async () => {
    const due = await insertPlannedStream(t, ada, { title: 'Due now', scheduledAt: minutesFromNow(-5) });
    await insertPlannedStream(t, ada, { title: 'Long gone', scheduledAt: minutesFromNow(-3 * 60) });
    await insertPlannedStream(t, ada, { title: 'Later', scheduledAt: minutesFromNow(30) });
    const listed = (await ada.get('/api/scheduled-streams/due')).json().streams as PlannedStream[];
    expect(listed.map((stream) => stream.title)).toEqual(['Due now']);
    expect((await bob.get('/api/scheduled-streams/due')).json().streams).toEqual([]);

    expect((await bob.send('POST', `/api/scheduled-streams/${due}/dismiss`)).statusCode).toBe(404);
    const dismissed = await ada.send('POST', `/api/scheduled-streams/${due}/dismiss`);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().dismissedAt).not.toBeNull();
    expect((await ada.get('/api/scheduled-streams/due')).json().streams).toEqual([]);
  });

  it('keeps one user’s planned streams away from another', async () => {
    const stream: PlannedStream = (await ada.send('POST', '/api/scheduled-streams', plan())).json();
    expect((await bob.get(`/api/scheduled-streams/${stream.id}`)).statusCode).toBe(404);
    expect((await bob.get('/api/scheduled-streams')).json().streams).toEqual([]);
    const attempts = await Promise.all([
      bob.send('PUT', `/api/scheduled-streams/${stream.id}`, plan({ destinationIds: [bobTwitch] })),
      bob.send('DELETE', `/api/scheduled-streams/${stream.id}`),
      bob.send('POST', `/api/scheduled-streams/${stream.id}/dismiss`),
    ]);
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: PLANNED_STREAM_MESSAGES.notFound });
    }
    expect((await ada.get(`/api/scheduled-streams/${stream.id}`)).json()).toEqual(stream);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/scheduled-streams' })).statusCode).toBe(401);
  });
});
