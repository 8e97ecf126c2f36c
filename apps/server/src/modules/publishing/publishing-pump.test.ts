import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { Semaphore } from '../../lib/semaphore';
import type { ClaimedWithPost, TargetClaims } from './publishing-claim';
import { createDuePump } from './publishing-pump';
import { platformCaps } from './publishing-slots';

const log = { error: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

function target(id: string, platform = 'mastodon'): ClaimedWithPost {
  return {
    id,
    postId: `post-${id}`,
    platform,
    accountId: 'account',
    attempts: 1,
    attemptStartedAt: new Date(),
    post: {
      content: id,
      overrides: {},
      workspaceId: 'w',
      hasMedia: false,
      threadParts: [],
      hasFirstComment: false,
    },
  };
}

/** Due targets in memory, claimed as the claim statement does: up to `count` of each platform, earliest first. */
function memoryClaims(due: ClaimedWithPost[], nextDue?: () => Date | undefined) {
  const asked: { platform: string; count: number }[][] = [];
  const claims = {
    async claimDue(wanted: readonly { platform: string; count: number }[]) {
      asked.push([...wanted]);
      await tick();
      const taken: ClaimedWithPost[] = [];
      for (const { platform, count } of wanted) {
        for (const row of due.filter((candidate) => candidate.platform === platform).slice(0, count)) {
          due.splice(due.indexOf(row), 1);
          taken.push(row);
        }
      }
      return taken;
    },
    async nextDueAt() {
      return nextDue?.();
    },
  } as unknown as TargetClaims;
  return { claims, asked };
}

/**
 * A pump over `claims` whose calls run `call` (at once by default) and give their slot back, with what it
 * published and its caps.
 */
function pumpOver(claims: TargetClaims, cap: number, call: () => Promise<void> = async () => {}) {
  const capFor = platformCaps(cap);
  const published: string[] = [];
  const pump = createDuePump({
    claims,
    log,
    pollMs: 500,
    attempts: {
      capFor,
      async publishClaimed(claimed) {
        await call();
        published.push(claimed.id);
        capFor(claimed.platform).release();
      },
    },
  });
  return { pump, published, capFor };
}

describe('the due-target pump', () => {
  it('publishes every due target with no more calls in flight than the cap, a few claims for many targets', async () => {
    const due = Array.from({ length: 40 }, (_, i) => target(`t${i}`));
    const { claims, asked } = memoryClaims(due);
    let inFlight = 0;
    let most = 0;
    const { pump, published, capFor } = pumpOver(claims, 8, async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await tick();
      inFlight -= 1;
    });
    await pump.drain();
    expect(due).toHaveLength(0);
    expect(new Set(published).size).toBe(40);
    expect(most).toBeLessThanOrEqual(8);
    // Refilled a quarter of the cap at a time at least: far fewer claims than targets.
    expect(asked.length).toBeLessThanOrEqual(40 / 2 + 2);
    expect(asked[0]).toContainEqual({ platform: 'mastodon', count: 8 });
    // Every slot is given back, also those a claim did not use.
    expect(capFor('mastodon').free).toBe(8);
    expect(capFor('x').free).toBe(8);
  });

  it('waits for a target due before its next look, and returns when the next one is later', async () => {
    const due: ClaimedWithPost[] = [];
    let next: Date | undefined = new Date(Date.now() + 50);
    const { claims } = memoryClaims(due, () => next);
    const { pump, published } = pumpOver(claims, 4);
    setTimeout(() => {
      due.push(target('soon'));
      next = undefined;
    }, 40);
    const started = Date.now();
    await pump.drain();
    expect(published).toEqual(['soon']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('starts a run when nudged only in a process whose worker pumps, and claims nothing once stopped', async () => {
    const due = [target('a')];
    const { claims, asked } = memoryClaims(due);
    const { pump } = pumpOver(claims, 2);
    pump.nudge();
    await tick();
    expect(asked).toHaveLength(0);
    await pump.run();
    expect(due).toHaveLength(0);
    due.push(target('b'));
    pump.nudge();
    await vi.waitFor(() => expect(due).toHaveLength(0));
    await pump.stop();
    due.push(target('c'));
    const claimsBefore = asked.length;
    pump.nudge();
    await pump.run();
    expect(asked).toHaveLength(claimsBefore);
    expect(due).toHaveLength(1);
  });
});

describe('a nudge with the instant the post is due', () => {
  it('starts a run for a post due before the next tick, and leaves a later one to the ticks', async () => {
    const due = [target('a')];
    const { claims, asked } = memoryClaims(due);
    const { pump } = pumpOver(claims, 2);
    await pump.run();
    const claimsAfterTick = asked.length;
    // Due in a day: the worker's tick claims it when it is due; a save costs no claim now.
    pump.nudge(new Date(Date.now() + 86_400_000));
    await tick();
    await tick();
    expect(asked).toHaveLength(claimsAfterTick);
    // Due now (a "publish now", an overdue post restored): claimed at once.
    due.push(target('b'));
    pump.nudge(new Date());
    await vi.waitFor(() => expect(due).toHaveLength(0));
    expect(asked.length).toBeGreaterThan(claimsAfterTick);
    await pump.stop();
  });
});

describe('a platform cap', () => {
  it('hands a given-back slot to the first waiter, so a slot taken without waiting never goes over the cap', async () => {
    const cap = new Semaphore(2);
    expect(cap.tryTake(5)).toBe(2);
    expect(cap.free).toBe(0);
    let waited = false;
    const waiting = cap.acquire().then(() => {
      waited = true;
    });
    cap.release(); // to the waiter, not to tryTake
    expect(cap.tryTake(1)).toBe(0);
    await waiting;
    expect(waited).toBe(true);
    cap.release();
    cap.release();
    expect(cap.free).toBe(2);
  });
});
