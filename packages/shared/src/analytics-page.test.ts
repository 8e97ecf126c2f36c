import { addDays, format, parseISO, startOfISOWeek } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from './analytics';
import {
  bucketLabel,
  bucketStart,
  dayStartInstant,
  daysOf,
  nextDay,
  resolveDayRange,
  statCard,
} from './analytics-page';

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

describe('days as numbers', () => {
  // The day arithmetic replaced date-fns' parse and format of each day (docs/decisions/0124): the same answers,
  // day by day, over three years that cross every daylight-saving change and a leap day.
  const reference = {
    nextDay: (day: string) => format(addDays(parseISO(day), 1), 'yyyy-MM-dd'),
    weekStart: (day: string) => format(startOfISOWeek(parseISO(day)), 'yyyy-MM-dd'),
    monthDay: (day: string) => format(parseISO(day), 'MMM d'),
    weekday: (day: string) => format(parseISO(day), 'EEE'),
  };

  it('gives the next day, the week’s Monday and the labels date-fns gives, every day of 2027 to 2029', () => {
    const days = daysOf('2027-01-01', '2029-12-31');
    expect(days).toHaveLength(365 * 3 + 1);
    for (const [index, day] of days.entries()) {
      expect(nextDay(day)).toBe(reference.nextDay(day));
      if (index + 1 < days.length) expect(days[index + 1]).toBe(reference.nextDay(day));
      expect(bucketStart(day, 'week')).toBe(reference.weekStart(day));
      expect(bucketLabel(day, 'day', 30)).toBe(reference.monthDay(day));
      expect(bucketLabel(day, 'day', 7)).toBe(reference.weekday(day));
      expect(bucketLabel(day, 'week', 180)).toBe(`Week of ${reference.monthDay(day)}`);
    }
    expect(daysOf('2028-02-27', '2028-03-01')).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(daysOf('2028-03-02', '2028-03-01')).toEqual([]);
  });

  it('gives preset ranges and their previous periods by calendar day, across a change of the clocks', () => {
    // 2027-03-28: Europe's clocks go forward; the range is counted in days, not hours.
    const range = resolveDayRange({ range: '30d' }, 'Europe/Paris', new Date('2027-04-10T12:00:00Z'));
    expect(range).toEqual({
      from: '2027-03-12',
      to: '2027-04-10',
      previousFrom: '2027-02-10',
      previousTo: '2027-03-11',
      days: 30,
      timezone: 'Europe/Paris',
    });
  });
});
