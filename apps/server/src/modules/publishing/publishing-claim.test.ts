import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createPost, inAnHour, insertAccount, makeDue, targetsOf } from './publishing.test-support';
import { createTargetClaims } from './publishing-claim';

/**
 * The claims on their own (publishing-claim.ts), without the engine, a queue worker or a platform: what makes a
 * target reach its platform once. Two claim sets stand for two processes sharing the database.
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
  const post = await createPost(t, user, {
    content,
    platforms: ['mastodon'],
    action: 'schedule',
    scheduledAt: inAnHour(),
  });
  await makeDue(t, post.id);
  return post.targets[0]!.id;
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
