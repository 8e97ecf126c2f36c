import { describe, expect, it } from 'vitest';
import { absoluteGoals, POSTS_BENCH } from './bench-posts.mjs';

const { reference } = POSTS_BENCH;

/** A run's results as benchOne returns them, at `speed` times the reference run's bare statement. */
function results({ speed = 1, pgP99, pgAlone, liteP99 }) {
  return [
    {
      driver: 'pglite',
      p99Ms: liteP99,
      bare: { perSecond: reference.pglite.perSecond * speed },
    },
    {
      driver: 'postgres',
      p99Ms: pgP99,
      alone: { medianMs: pgAlone },
      bare: {
        perSecond: reference.postgres.perSecond * speed,
        aloneMedianMs: reference.postgres.aloneMedianMs / speed,
      },
    },
  ];
}

describe('absoluteGoals', () => {
  it("judges each figure against issue 20's goal where the bare statement ran as fast as in the reference run", () => {
    const checks = absoluteGoals(results({ pgP99: 44.2, pgAlone: 2.0, liteP99: 61 }));
    expect(checks.map((c) => [c.name, c.hostGoal, c.ok])).toEqual([
      ['PostgreSQL, 10 connections, p99', 50, true],
      ['PostgreSQL, 1 connection, median', 3, true],
      ['PGlite, 10 connections, p99', 100, true],
    ]);
    const missed = absoluteGoals(results({ pgP99: 51, pgAlone: 3.1, liteP99: 101 }));
    expect(missed.map((c) => c.ok)).toEqual([false, false, false]);
  });

  it('scales the goals by the bare statement of the same run, not by the plain figure', () => {
    // A host where the statement runs at half the reference speed: twice the time is allowed, and no more.
    const slow = absoluteGoals(results({ speed: 0.5, pgP99: 95, pgAlone: 5.9, liteP99: 190 }));
    expect(slow.map((c) => Math.round(c.hostGoal))).toEqual([100, 6, 200]);
    expect(slow.every((c) => c.ok)).toBe(true);
    const tooSlow = absoluteGoals(results({ speed: 0.5, pgP99: 105, pgAlone: 6.1, liteP99: 210 }));
    expect(tooSlow.map((c) => c.ok)).toEqual([false, false, false]);
  });

  it('fails a goal whose database or bare statement was not measured', () => {
    const [pgP99, pgAlone, liteP99] = absoluteGoals([
      { driver: 'pglite', p99Ms: 10, bare: { perSecond: Number.NaN } },
      { driver: 'postgres', skipped: 'no server reachable' },
    ]);
    expect(pgP99.ok).toBe(false);
    expect(pgP99.problem).toMatch(/not measured/);
    expect(pgAlone.ok).toBe(false);
    expect(liteP99.ok).toBe(false);
    expect(liteP99.problem).toMatch(/PGlite bare range query/);
  });
});
