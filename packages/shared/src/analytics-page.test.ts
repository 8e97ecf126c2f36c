import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from './analytics';
import { bucketLabel, bucketStart, dayStartInstant, resolveDayRange, statCard } from './analytics-page';

describe('resolveDayRange', () => {
  it('ends a preset today in the user’s zone and puts the previous period just before it', () => {
    // 03:00 UTC on 1 March is still 28 February in Los Angeles.
    const now = new Date('2026-03-01T03:00:00Z');
    expect(resolveDayRange({ range: '7d' }, 'America/Los_Angeles', now)).toEqual({
      from: '2026-02-22',
      to: '2026-02-28',
      previousFrom: '2026-02-15',
      previousTo: '2026-02-21',
      days: 7,
      timezone: 'America/Los_Angeles',
    });
    expect(resolveDayRange({ range: '7d' }, 'UTC', now)).toMatchObject({
      from: '2026-02-23',
      to: '2026-03-01',
    });
  });

  it('checks a custom range', () => {
    expect(resolveDayRange({ range: 'custom', from: '2026-03-02', to: '2026-03-01' }, 'UTC')).toEqual({
      error: ANALYTICS_MESSAGES.rangeOrder,
    });
    expect(resolveDayRange({ range: 'custom', from: '2024-01-01', to: '2026-03-01' }, 'UTC')).toEqual({
      error: ANALYTICS_MESSAGES.rangeTooLong,
    });
    expect(resolveDayRange({ range: 'custom', from: '2026-03-01' }, 'UTC')).toEqual({
      error: ANALYTICS_MESSAGES.customRangeNeedsDates,
    });
    expect(resolveDayRange({ range: 'custom', from: '2026-03-01', to: '2026-03-01' }, 'UTC')).toMatchObject({
      days: 1,
      previousFrom: '2026-02-28',
      previousTo: '2026-02-28',
    });
  });
});

describe('buckets, zones and cards', () => {
  it('starts weeks on Monday and labels days by weekday for a week', () => {
    expect(bucketStart('2026-03-08', 'week')).toBe('2026-03-02');
    expect(bucketLabel('2026-03-02', 'week', 120)).toBe('Week of Mar 2');
    expect(bucketLabel('2026-03-08', 'day', 7)).toBe('Sun');
    expect(bucketLabel('2026-03-08', 'day', 30)).toBe('Mar 8');
  });

  it('finds when a day starts in a zone', () => {
    expect(dayStartInstant('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });

  it('computes the change only when both sides are known and the previous is not 0', () => {
    expect(statCard(150, 100)).toEqual({ value: 150, previous: 100, changePercent: 50 });
    expect(statCard(150, 0).changePercent).toBeNull();
    expect(statCard(null, 100).changePercent).toBeNull();
  });
});
