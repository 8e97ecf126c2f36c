import { describe, expect, it } from 'vitest';
import { expandOccurrences, type RepeatRule, repeatRuleSchema, ruleProblem } from './post-series';

const rule = (input: Partial<RepeatRule>): RepeatRule =>
  repeatRuleSchema.parse({ frequency: 'daily', interval: 1, ends: { kind: 'never' }, ...input });

/** The local date and time of an instant in Paris, and its UTC hour (to see the offset change). */
function paris(instant: Date): string {
  return instant.toLocaleString('sv-SE', { timeZone: 'Europe/Paris' }).slice(0, 16);
}

describe('a repeat rule, expanded', () => {
  it('keeps the local time of weekly Mondays and Thursdays across the end of summer time in Paris', () => {
    // 2026-10-25: Paris goes from UTC+2 to UTC+1. Start on Monday 19 October at 10:00.
    const occurrences = expandOccurrences(
      rule({ frequency: 'weekly', weekdays: [1, 4] }),
      { date: '2026-10-19', time: '10:00' },
      'Europe/Paris',
      '2026-11-05',
    );
    expect(occurrences.map((o) => paris(o.instant))).toEqual([
      '2026-10-19 10:00',
      '2026-10-22 10:00',
      '2026-10-26 10:00',
      '2026-10-29 10:00',
      '2026-11-02 10:00',
      '2026-11-05 10:00',
    ]);
    expect(occurrences[1]?.instant.toISOString()).toBe('2026-10-22T08:00:00.000Z');
    expect(occurrences[2]?.instant.toISOString()).toBe('2026-10-26T09:00:00.000Z');
    expect(occurrences.map((o) => o.index)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('walks every second week, and never counts a chosen day of the first week before the start', () => {
    const occurrences = expandOccurrences(
      rule({ frequency: 'weekly', interval: 2, weekdays: [1, 4] }),
      { date: '2026-03-26', time: '09:30' }, // a Thursday: that week's Monday is before the start
      'UTC',
      '2026-04-30',
    );
    expect(occurrences.map((o) => o.date)).toEqual([
      '2026-03-26',
      '2026-04-06',
      '2026-04-09',
      '2026-04-20',
      '2026-04-23',
    ]);
  });

  it('skips the months without a 31st when monthly on the 31st (RFC 5545), at the same local time', () => {
    const occurrences = expandOccurrences(
      rule({ frequency: 'monthly' }),
      { date: '2026-01-31', time: '18:00' },
      'Europe/Paris',
      '2026-12-31',
    );
    expect(occurrences.map((o) => o.date)).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
      '2026-08-31',
      '2026-10-31',
      '2026-12-31',
    ]);
    expect(occurrences.every((o) => paris(o.instant).endsWith('18:00'))).toBe(true);
  });

  it('stops after N times or on the end date (inclusive)', () => {
    const start = { date: '2026-05-01', time: '08:00' };
    const counted = expandOccurrences(
      rule({ interval: 3, ends: { kind: 'after', count: 4 } }),
      start,
      'UTC',
      '2027-01-01',
    );
    expect(counted.map((o) => o.date)).toEqual(['2026-05-01', '2026-05-04', '2026-05-07', '2026-05-10']);
    const dated = expandOccurrences(
      rule({ ends: { kind: 'on', date: '2026-05-03' } }),
      start,
      'UTC',
      '2027-01-01',
    );
    expect(dated.map((o) => o.date)).toEqual(['2026-05-01', '2026-05-02', '2026-05-03']);
  });

  it('refuses a weekly rule without days, an end before the start and a rule that never happens', () => {
    expect(
      repeatRuleSchema.safeParse({ frequency: 'weekly', interval: 1, ends: { kind: 'never' } }).success,
    ).toBe(false);
    expect(ruleProblem(rule({ ends: { kind: 'on', date: '2026-04-30' } }), '2026-05-01')).toMatch(
      /end on or after/,
    );
    expect(
      ruleProblem(
        rule({ frequency: 'weekly', weekdays: [1], ends: { kind: 'on', date: '2026-05-02' } }),
        '2026-05-01',
      ),
    ).toMatch(/never happens/);
    expect(ruleProblem(rule({}), '2026-05-01')).toBeNull();
  });
});
