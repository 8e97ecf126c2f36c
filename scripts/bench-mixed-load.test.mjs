import { describe, expect, it } from 'vitest';
import { MIXED_LOAD_BENCH, OPERATIONS, weightedCost } from './bench-mixed-load.mjs';

describe('weightedCost', () => {
  it('weighs each operation’s CPU a request by how often the mix draws it', () => {
    const weights = { calendar: 3, create: 1 };
    const costs = [
      { name: 'calendar', perSecond: 500, serverMs: 1, databaseMs: 2 },
      { name: 'create', perSecond: 300, serverMs: 4, databaseMs: 1 },
    ];
    // Three calendar reads for every create: (3 × 1 + 4) / 4 on the server, (3 × 2 + 1) / 4 in the database.
    expect(weightedCost(costs, weights)).toEqual({ serverMs: 1.75, databaseMs: 1.75 });
  });

  it('counts no database CPU on PGlite, which runs inside the server', () => {
    const costs = [{ name: 'calendar', perSecond: 200, serverMs: 3, databaseMs: null }];
    expect(weightedCost(costs, { calendar: 1 })).toEqual({ serverMs: 3, databaseMs: 0 });
  });

  it('has an operation for every weight of the mix, so every operation’s cost is measured', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(Object.keys(MIXED_LOAD_BENCH.weights).sort());
  });
});
