import { PLATFORMS } from '@relaycast/shared/platforms';
import type { FastifyBaseLogger } from 'fastify';
import type { PublishAttempts } from './publishing-attempt';
import type { ClaimedWithPost, TargetClaims } from './publishing-claim';

/**
 * The due-target pump (docs/decisions/0121-due-target-pump.md): how a worker process finds the targets that are
 * due. It takes the free slots of every platform's concurrency cap, claims up to that many due targets of each
 * platform in one statement (earliest first, skipping rows another process is claiming), and starts their calls;
 * while it claims as many as it asked for, it claims again as slots free up. When fewer were due, it looks for the
 * next due instant and waits for it when it is near, else returns: the worker runs it again every `pollMs`, and at
 * once when this process schedules a post. No job per target: a burst of 10,000 due targets costs 200 claims.
 */

/** Targets one claim takes at most per platform (the rest wait for the next claim). */
const CLAIM_BATCH = 50;

const PLATFORM_IDS = Object.keys(PLATFORMS);

export interface DuePump {
  /** Claims and starts due targets until fewer are due than slots are free (the worker's tick, and `nudge`). */
  run(): Promise<void>;
  /** `run`, then waits for every call it started (the sweep and the tests: everything due is settled after it). */
  drain(): Promise<void>;
  /**
   * A target of this process may have come due now (a post was scheduled): a run starts at once if the worker
   * pumps. Given the instant it is due, a run starts only when that comes before the worker's next tick would
   * look (the tick claims it as well, without a claim and a look for the next instant at every save).
   */
  nudge(dueAt?: Date): void;
  /** Stops claiming and waits for the calls in flight (the process is stopping). */
  stop(): Promise<void>;
}

interface PumpDeps {
  claims: TargetClaims;
  attempts: Pick<PublishAttempts, 'publishClaimed' | 'capFor'>;
  log: FastifyBaseLogger;
  pollMs: number;
}

/**
 * Claims as many due targets as slots are free and starts their calls. Returns how many it asked for, and the
 * platforms that got all they asked for (more of theirs may be due).
 */
async function claimFree(
  deps: PumpDeps,
  inFlight: Set<Promise<void>>,
): Promise<{ asked: number; full: string[] }> {
  const { claims, attempts, log } = deps;
  const wanted: { platform: string; count: number }[] = [];
  for (const platform of PLATFORM_IDS) {
    const count = attempts.capFor(platform).tryTake(CLAIM_BATCH);
    if (count > 0) wanted.push({ platform, count });
  }
  const asked = wanted.reduce((sum, want) => sum + want.count, 0);
  if (asked === 0) return { asked, full: [] };
  let claimed: ClaimedWithPost[] = [];
  /** Targets claimed per platform. */
  const used = new Map<string, number>();
  try {
    claimed = await claims.claimDue(wanted);
    for (const target of claimed) used.set(target.platform, (used.get(target.platform) ?? 0) + 1);
  } finally {
    // The slots no claimed target took are given back.
    for (const { platform, count } of wanted) {
      for (let i = used.get(platform) ?? 0; i < count; i++) attempts.capFor(platform).release();
    }
  }
  for (const target of claimed) {
    const attempt: Promise<void> = attempts
      .publishClaimed(target)
      .catch((err: unknown) => log.error({ err, target: target.id }, 'publishing failed unexpectedly'))
      .finally(() => inFlight.delete(attempt));
    inFlight.add(attempt);
  }
  const full = wanted
    .filter(({ platform, count }) => used.get(platform) === count)
    .map(({ platform }) => platform);
  return { asked, full };
}

export function createDuePump(deps: PumpDeps): DuePump {
  const { claims, attempts, log, pollMs } = deps;
  const inFlight = new Set<Promise<void>>();
  let running: Promise<void> | undefined;
  let again = false;
  let stopping = false;
  /** Set by the worker's first tick: only a process that pumps starts a run when nudged. */
  let pumping = false;
  let wake: (() => void) | undefined;

  /** Resolves after `ms`, or sooner on a nudge or stop. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  /**
   * Waits until a platform that may have more due targets has a quarter of its slots free (or none of this pump's
   * calls is left): refilled a few slots at a time, a burst costs a claim per few publishes, not one per publish.
   */
  async function untilRefillable(platforms: readonly string[]): Promise<void> {
    const refillable = () =>
      platforms.some((platform) => {
        const cap = attempts.capFor(platform);
        return cap.free >= Math.max(1, Math.ceil(cap.limit / 4));
      });
    while (inFlight.size > 0 && !stopping && !refillable()) await Promise.race(inFlight);
  }

  async function pumpUntilIdle(): Promise<void> {
    while (!stopping) {
      const { asked, full } = await claimFree(deps, inFlight);
      if (full.length > 0) {
        // More of these platforms' targets may be due: claim again as their slots free up.
        await untilRefillable(full);
        continue;
      }
      if (asked === 0) return; // every slot busy with calls not this pump's (a job's): the next tick looks again
      // Fewer were due than asked: wait for the next due instant if it comes before the next tick.
      const next = await claims.nextDueAt();
      const waitMs = next ? next.getTime() - Date.now() : Number.POSITIVE_INFINITY;
      if (waitMs > pollMs) return;
      await pause(Math.max(0, waitMs));
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      wake?.();
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pumpUntilIdle();
      } while (again && !stopping);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    run() {
      pumping = true;
      return run();
    },
    async drain() {
      await run();
      await Promise.all(inFlight);
    },
    nudge(dueAt) {
      if (!pumping || stopping) return;
      if (dueAt && dueAt.getTime() - Date.now() > pollMs) return;
      run().catch((err: unknown) => log.error({ err }, 'publishing pump failed'));
    },
    async stop() {
      stopping = true;
      wake?.();
      await running?.catch(() => {});
      await Promise.all(inFlight);
    },
  };
}
