import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { notifications } from '../../db/schema/index';
import { dueMastodonPost, getPost, insertAccount, targetsOf } from './publishing.test-support';
import { createTargetClaims } from './publishing-claim';

/**
 * The claims on their own (publishing-claim.ts), without the engine, a queue worker or a platform: what makes a
 * target reach its platform once, and how its attempt ends. Two claim sets stand for two processes sharing the
 * database.
 */

let t: TestApp;
let user: SignedInUser;

beforeAll(async () => {
  // No workers: nothing but these tests touches the targets.
  t = await createTestApp({ publishing: { runWorkers: false } });
  await t.app.ready();
  user = await signInAsNewUser(t);
  await insertAccount(t, user.workspaceId, 'mastodon');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function claimsOfAProcess() {
  return createTargetClaims({ db: t.db, config: t.config, leaseMs: 5_000, attemptTimeoutMs: 60_000 });
}

async function dueTarget(content: string): Promise<string> {
  return (await dueMastodonPost(t, user, content)).targets[0]!.id;
}

describe('claims on targets', () => {
  it('claims a due target once, with its post; only the holder ends the attempt, once', async () => {
    const targetId = await dueTarget('Claimed once');
    const first = claimsOfAProcess();
    const second = claimsOfAProcess();

    const claimed = await first.claim(targetId);
    expect(claimed).toMatchObject({
      id: targetId,
      attempts: 1,
      post: { content: 'Claimed once', hasMedia: false },
    });
    expect(await second.claim(targetId)).toBeUndefined();

    const end = {
      status: 'published',
      lastError: null,
      platformPostId: 'p-1',
      url: 'https://x/p-1',
    } as const;
    expect(await first.finish(targetId, end)).toBe(true);
    expect(await second.finish(targetId, { status: 'failed', lastError: 'late' })).toBe(false);
    const [row] = await targetsOf(t, claimed!.postId);
    expect(row).toMatchObject({ status: 'published', platformPostId: 'p-1', lastError: null });
  });

  it('a claim given up before the call is due again at once, and its attempt does not count', async () => {
    const targetId = await dueTarget('Released');
    const claims = claimsOfAProcess();
    const claimed = await claims.claim(targetId);
    expect(claimed).toBeDefined();

    expect(await claims.release(claimed!)).toBe(true);
    expect(await claims.release(claimed!)).toBe(false);
    const [row] = await targetsOf(t, claimed!.postId);
    expect(row).toMatchObject({ status: 'retrying', attempts: 0 });
    expect(row!.dueAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('the crash sweep takes over a claim whose lease expired, but never one its own process holds', async () => {
    const targetId = await dueTarget('Left by a crash');
    const dead = claimsOfAProcess();
    const claimed = await dead.claim(targetId);
    dead.leases.hold(targetId);
    // Its process stopped renewing 10 s ago (leaseMs is 5 s).
    await t.db.execute(
      sql`update post_targets set updated_at = now() - interval '10 seconds' where id = ${targetId}`,
    );

    expect((await dead.takeOverCrashed()).map((row) => row.id)).not.toContain(targetId);
    const survivor = claimsOfAProcess();
    const taken = (await survivor.takeOverCrashed()).find((row) => row.id === targetId);
    expect(taken).toMatchObject({ leaseExpired: true, previous: claimed!.attemptStartedAt });
    expect((await survivor.takeOverCrashed()).map((row) => row.id)).not.toContain(targetId);

    const loaded = await survivor.loadTakenOver(targetId);
    expect(loaded).toMatchObject({ target: { id: targetId, status: 'publishing' }, text: 'Left by a crash' });
  });
});

/**
 * The ends of attempts (publishing-finish.ts, decision 0131): ends that come while a finish statement runs go
 * together as the next statement, one per end status, and each caller still learns its own outcome.
 */

/** A post with one Mastodon target, due and claimed by `claims`: its post and target ids. */
async function claimedTarget(claims: ReturnType<typeof claimsOfAProcess>, content: string) {
  const post = await dueMastodonPost(t, user, content);
  const targetId = post.targets[0]!.id;
  expect(await claims.claim(targetId)).toBeDefined();
  return { postId: post.id, targetId };
}

/** Counts the finish statements sent while `run` runs. */
async function countFinishStatements<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const session = t.db._.session;
  const spy = vi.spyOn(session, 'prepareQuery');
  try {
    const result = await run();
    const statements = spy.mock.calls.filter(([query]) => query.sql.includes('json_to_recordset')).length;
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
}

describe('ends of attempts', () => {
  it('ends that come together go in a few statements, each target with its own outcome', async () => {
    const claims = claimsOfAProcess();
    const published: { postId: string; targetId: string }[] = [];
    for (let i = 0; i < 8; i++) published.push(await claimedTarget(claims, `Batched ${i}`));
    const failed = [
      await claimedTarget(claims, 'Batched failed 1'),
      await claimedTarget(claims, 'Batched failed 2'),
    ];
    const retrying = await claimedTarget(claims, 'Batched retrying');
    const retryAt = new Date(Date.now() + 60_000);

    const { result, statements } = await countFinishStatements(() =>
      Promise.all([
        ...published.map(({ targetId }, i) =>
          claims.finish(targetId, {
            status: 'published',
            lastError: null,
            platformPostId: `batched-${i}`,
            url: `https://mastodon.example/@me/batched-${i}`,
            publishedAt: new Date(),
          }),
        ),
        ...failed.map(({ targetId }) =>
          claims.finish(targetId, { status: 'failed', lastError: 'Refused by the platform' }),
        ),
        claims.finish(retrying.targetId, { status: 'retrying', lastError: 'Busy', dueAt: retryAt }),
      ]),
    );
    expect(result).toEqual(Array(11).fill(true));
    // The first end alone, then the ten that waited for it: one statement for each of their three statuses.
    expect(statements).toBe(4);

    for (const [i, { postId }] of published.entries()) {
      const [target] = await targetsOf(t, postId);
      expect(target).toMatchObject({
        status: 'published',
        platformPostId: `batched-${i}`,
        url: `https://mastodon.example/@me/batched-${i}`,
        lastError: null,
      });
      expect((await getPost(t, user, postId)).status).toBe('published');
    }
    for (const { postId } of failed) {
      expect(await targetsOf(t, postId)).toMatchObject([
        { status: 'failed', lastError: 'Refused by the platform' },
      ]);
      expect((await getPost(t, user, postId)).status).toBe('failed');
    }
    const [retried] = await targetsOf(t, retrying.postId);
    expect(retried).toMatchObject({ status: 'retrying', lastError: 'Busy' });
    expect(retried!.dueAt!.getTime()).toBe(retryAt.getTime());
    // Each failed post notified its author once.
    const notices = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, user.userId), eq(notifications.kind, 'post_failed')));
    expect(notices).toHaveLength(2);
  });

  it('the same target ended twice at once: the first end counts, the second finds it ended', async () => {
    const claims = claimsOfAProcess();
    const first = await claimedTarget(claims, 'Ended first');
    const { postId, targetId } = await claimedTarget(claims, 'Ended twice');
    // The first end is sent alone; the three after it wait for it, two of them the same target with one status.
    const outcomes = await Promise.all([
      claims.finish(first.targetId, { status: 'published', lastError: null }),
      claims.finish(targetId, { status: 'published', lastError: null, platformPostId: 'twice-1' }),
      claims.finish(targetId, { status: 'published', lastError: null, platformPostId: 'twice-2' }),
      claims.finish(targetId, { status: 'failed', lastError: 'late' }),
    ]);
    expect(outcomes).toEqual([true, true, false, false]);
    expect(await targetsOf(t, postId)).toMatchObject([{ status: 'published', platformPostId: 'twice-1' }]);
  });

  it('a statement that fails fails the ends in it and changes nothing; the next ends go through', async () => {
    const claims = claimsOfAProcess();
    const broken = await claimedTarget(claims, 'Broken end');
    const next = await claimedTarget(claims, 'After the broken end');
    // An invalid date cannot be written: the statement carrying it fails.
    await expect(
      claims.finish(broken.targetId, {
        status: 'published',
        lastError: null,
        publishedAt: new Date(Number.NaN),
      }),
    ).rejects.toThrow();
    expect(await targetsOf(t, broken.postId)).toMatchObject([{ status: 'publishing' }]);

    expect(
      await claims.finish(next.targetId, { status: 'published', lastError: null, platformPostId: 'n-1' }),
    ).toBe(true);
    expect(await claims.finish(broken.targetId, { status: 'failed', lastError: 'Gave up' })).toBe(true);
    expect(await targetsOf(t, broken.postId)).toMatchObject([{ status: 'failed', lastError: 'Gave up' }]);
  });
});
