import { describe, expect, it } from 'vitest';
import {
  calendarWeeks,
  instantToZoned,
  moveToDate,
  nextFreeSlot,
  rangeOfDates,
  todayIn,
  zonedToInstant,
} from './calendar';

describe('calendarWeeks', () => {
  it('gives three weeks of seven days starting on the Sunday of the current week', () => {
    const weeks = calendarWeeks('2026-11-22'); // a Sunday
    expect(weeks).toHaveLength(3);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]?.[0]).toBe('2026-11-22');
    expect(weeks[2]?.[6]).toBe('2026-12-12');
    expect(calendarWeeks('2026-11-25')[0]?.[0]).toBe('2026-11-22'); // a Wednesday
    expect(calendarWeeks('2026-11-28')[0]?.[0]).toBe('2026-11-22'); // a Saturday
  });

  it('crosses month ends', () => {
    const weeks = calendarWeeks('2026-02-27');
    expect(weeks[0]?.[0]).toBe('2026-02-22');
    expect(weeks[0]?.[6]).toBe('2026-02-28');
    expect(weeks[1]?.[0]).toBe('2026-03-01');
  });

  it('crosses year ends, with every day in order', () => {
    const weeks = calendarWeeks('2026-12-31');
    expect(weeks[0]?.[0]).toBe('2026-12-27');
    expect(weeks[0]?.[5]).toBe('2027-01-01');
    expect(weeks[2]?.[6]).toBe('2027-01-16');
    const days = weeks.flat();
    expect(new Set(days).size).toBe(21);
    expect([...days].sort()).toEqual(days);
  });

  it('handles a leap day', () => {
    expect(calendarWeeks('2028-02-29')[0]).toContain('2028-02-29');
  });

  it('starts on another day of the week when asked (Monday: 1)', () => {
    expect(calendarWeeks('2026-11-25', 1, 1)).toEqual([
      ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'],
    ]);
    expect(calendarWeeks('2026-11-22', 2, 1)[0]?.[0]).toBe('2026-11-16'); // a Sunday ends the week before
  });
});

describe('time zones and daylight saving', () => {
  it('keeps 09:00 Europe/Paris on the day the clocks go forward', () => {
    // 2026-03-29: clocks go from 02:00 to 03:00 in Paris (UTC+1 to UTC+2).
    const before = zonedToInstant('2026-03-28', '09:00', 'Europe/Paris');
    const onChange = zonedToInstant('2026-03-29', '09:00', 'Europe/Paris');
    expect(before.toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(onChange.toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(instantToZoned(onChange, 'Europe/Paris')).toEqual({ date: '2026-03-29', time: '09:00' });
  });

  it('keeps the local time when a post is moved across the change, both ways', () => {
    const saturday = zonedToInstant('2026-03-28', '09:00', 'Europe/Paris');
    const moved = moveToDate(saturday, '2026-03-30', 'Europe/Paris');
    expect(instantToZoned(moved, 'Europe/Paris')).toEqual({ date: '2026-03-30', time: '09:00' });
    const autumn = moveToDate(moved, '2026-10-26', 'Europe/Paris');
    expect(autumn.toISOString()).toBe('2026-10-26T08:00:00.000Z');
    expect(instantToZoned(autumn, 'Europe/Paris').time).toBe('09:00');
  });

  it('works in New York too', () => {
    expect(zonedToInstant('2026-03-08', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    expect(zonedToInstant('2026-03-07', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-07T14:00:00.000Z',
    );
  });

  it('bounds a run of dates by local midnights, with a 23-hour day on the change', () => {
    const { from, to } = rangeOfDates('2026-03-29', '2026-03-29', 'Europe/Paris');
    expect(from.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(to.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('knows today in a time zone', () => {
    const now = new Date('2026-11-22T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-11-22');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-23');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-22');
  });
});

describe('nextFreeSlot', () => {
  const tz = 'Europe/Paris';
  it('takes the next daily slot after now', () => {
    const now = new Date('2026-11-22T10:30:00Z'); // 11:30 in Paris
    expect(nextFreeSlot(now, tz, [])?.toISOString()).toBe('2026-11-22T11:00:00.000Z'); // 12:00 Paris
  });

  it('skips slots already taken and rolls over to the next day', () => {
    const now = new Date('2026-11-22T10:30:00Z');
    const taken = [zonedToInstant('2026-11-22', '12:00', tz), zonedToInstant('2026-11-22', '17:00', tz)];
    expect(instantToZoned(nextFreeSlot(now, tz, taken)!, tz)).toEqual({ date: '2026-11-23', time: '09:00' });
  });
});
