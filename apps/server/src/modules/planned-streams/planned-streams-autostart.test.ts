import { randomUUID } from 'node:crypto';
import type { StartStreamInput, StreamSession } from '@relaycast/shared/streaming';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { plannedStreams, workspaceMembers } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { AUTO_START_WINDOW_MS, startDuePrerecordedStreams } from './planned-streams-autostart';

let t: TestApp;
let ada: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ config: { streamReminderIntervalMs: 0 } });
  ada = await signInAsNewUser(t, { name: 'Ada' });
});
afterAll(() => t.close());

const DAY = 24 * 3_600_000;
let nextDay = 1;

/** A planned stream at its own day (so each test's runs see only its rows), with a video or without. */
async function planAt(member: SignedInUser, media: string | null, destinationIds: string[] = []) {
  const at = new Date(Date.now() + nextDay++ * DAY);
  const id = randomUUID();
  await t.db.insert(plannedStreams).values({
    id,
    workspaceId: member.workspaceId,
    userId: member.userId,
    title: `Replay ${id.slice(0, 4)}`,
    scheduledAt: at,
    timezone: 'UTC',
    destinationIds,
    mediaId: media,
    mediaLoop: media !== null,
  });
  return { id, at };
}

function fakeEngine(answer: (input: StartStreamInput) => Promise<StreamSession> | StreamSession) {
  const calls: { owner: { userId: string; workspaceId: string }; input: StartStreamInput }[] = [];
  return {
    calls,
    engine: {
      isAvailable: true,
      async startBrowserSession(
        owner: { userId: string; workspaceId: string },
        _plan: unknown,
        input: StartStreamInput,
      ) {
        calls.push({ owner, input });
        return answer(input);
      },
    },
  };
}

const session = (id: string) => ({ id }) as StreamSession;
const rowOf = async (id: string) =>
  (await t.db.select().from(plannedStreams).where(eq(plannedStreams.id, id)))[0];
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('automatic start of planned pre-recorded streams', () => {
  it('starts one at its time as its planner, once, and leaves studio streams alone', async () => {
    const { id, at: time } = await planAt(ada, 'video-1', ['dest-1']);
    const studio = await planAt(ada, null);
    const fake = fakeEngine(() => session('s1'));
    const deps = { db: t.db, engine: fake.engine, log: t.app.log };
    expect(await startDuePrerecordedStreams(deps, at(time, -1_000))).toBe(0);
    expect(await startDuePrerecordedStreams(deps, at(time, 1_000))).toBe(1);
    expect(await startDuePrerecordedStreams(deps, at(time, 2_000))).toBe(0);
    expect(fake.calls).toEqual([
      {
        owner: { userId: ada.userId, workspaceId: ada.workspaceId },
        input: expect.objectContaining({
          scheduledStreamId: id,
          destinationIds: ['dest-1'],
          source: { kind: 'media', mediaId: 'video-1', loop: true },
        }),
      },
    ]);
    expect(await rowOf(id)).toMatchObject({ autoStartSessionId: 's1', autoStartError: null });
    expect(await startDuePrerecordedStreams(deps, at(studio.at, 1_000))).toBe(0);
    expect((await rowOf(studio.id))?.autoStartedAt).toBeNull();
  });

  it('does not start one whose time passed more than the window ago, nor without a relay', async () => {
    const late = await planAt(ada, 'video-2');
    const fake = fakeEngine(() => session('s2'));
    const deps = { db: t.db, engine: fake.engine, log: t.app.log };
    expect(await startDuePrerecordedStreams(deps, at(late.at, AUTO_START_WINDOW_MS + 1_000))).toBe(0);
    const offline = await planAt(ada, 'video-3');
    const off = { ...deps, engine: { ...fake.engine, isAvailable: false } };
    expect(await startDuePrerecordedStreams(off, at(offline.at, 1_000))).toBe(0);
    expect(fake.calls).toHaveLength(0);
    expect((await rowOf(late.id))?.autoStartedAt).toBeNull();
    expect((await rowOf(offline.id))?.autoStartedAt).toBeNull();
  });

  it('writes why a start failed, and refuses a planner who may no longer stream there', async () => {
    const busy = await planAt(ada, 'video-4');
    const fake = fakeEngine(() => {
      throw new AppError('STREAM_ALREADY_LIVE');
    });
    const deps = { db: t.db, engine: fake.engine, log: t.app.log };
    expect(await startDuePrerecordedStreams(deps, at(busy.at, 1_000))).toBe(0);
    expect(await rowOf(busy.id)).toMatchObject({
      autoStartSessionId: null,
      autoStartError: 'You are already live. End the current stream first.',
    });

    const viewer = await signInAsNewUser(t, { name: 'Vera' });
    const demoted = await planAt(viewer, 'video-5');
    await t.db
      .update(workspaceMembers)
      .set({ role: 'viewer' })
      .where(
        and(
          eq(workspaceMembers.userId, viewer.userId),
          eq(workspaceMembers.organizationId, viewer.workspaceId),
        ),
      );
    const calls = fake.calls.length;
    expect(await startDuePrerecordedStreams(deps, at(demoted.at, 1_000))).toBe(0);
    expect(fake.calls).toHaveLength(calls);
    expect((await rowOf(demoted.id))?.autoStartError).toBeTruthy();
  });
});
