import { describe, expect, it } from 'vitest';
import { medianRound } from './bench-publishing.mjs';

const round = (publishCpuMs, bareCpuMs) => ({
  targets: 5_000,
  publishCpuMs,
  bare: { perSecond: 1 / bareCpuMs, cpuMs: bareCpuMs },
});

describe('medianRound', () => {
  it('picks the round whose own ratio is the median, pairing each burst with its own bare round', () => {
    // Ratios 4×, 6×, 8×: the median round is the second, though its publish CPU is the highest.
    const rounds = [round(2.4, 0.6), round(3.6, 0.6), round(3.2, 0.4)];
    expect(medianRound(rounds)).toBe(rounds[1]);
  });

  it('refuses an even number of rounds', () => {
    expect(() => medianRound([round(1, 0.1), round(2, 0.1)])).toThrow(/odd number/);
  });
});
