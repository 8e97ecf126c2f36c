import { describe, expect, it } from 'vitest';
import {
  addMonths,
  isCalendarDate,
  isCalendarView,
  shiftAnchor,
  showsToday,
  viewRange,
} from './calendar-views';

const SUNDAY = 0;
const MONDAY = 1;

describe('viewRange', () => {
  it('three weeks from the week holding the anchor, as the seed showed', () => {
    const range = viewRange('three-weeks', '2026-11-25', SUNDAY); // a Wednesday
    expect(range.weeks).toHaveLength(3);
    expect(range.first).toBe('2026-11-22');
    expect(range.last).toBe('2026-12-12');
    expect(range.days).toHaveLength(21);
    expect(range.month).toBeNull();
  });

  it('one week, starting on the day the week starts on', () => {
    expect(viewRange('week', '2026-11-25', SUNDAY)).toMatchObject({
      first: '2026-11-22',
      last: '2026-11-28',
    });
    expect(viewRange('week', '2026-11-25', MONDAY)).toMatchObject({
      first: '2026-11-23',
      last: '2026-11-29',
    });
    // A Sunday belongs to the week before when weeks start on Monday.
    expect(viewRange('week', '2026-11-22', MONDAY).first).toBe('2026-11-16');
  });

  it('a month: whole weeks from the one holding the 1st to the one holding the last day', () => {
    // November 2026: the 1st is a Sunday, the 30th a Monday.
    const sunday = viewRange('month', '2026-11-17', SUNDAY);
    expect(sunday).toMatchObject({ first: '2026-11-01', last: '2026-12-05', month: '2026-11' });
    expect(sunday.weeks).toHaveLength(5);
    const monday = viewRange('month', '2026-11-17', MONDAY);
    expect(monday).toMatchObject({ first: '2026-10-26', last: '2026-12-06' });
    expect(monday.weeks).toHaveLength(6);
    expect(monday.weeks.every((week) => week.length === 7)).toBe(true);
    // February 2026 starts on a Sunday and has 28 days: exactly four weeks.
    expect(viewRange('month', '2026-02-10', SUNDAY).weeks).toHaveLength(4);
    // A leap February.
    expect(viewRange('month', '2028-02-29', MONDAY).days).toContain('2028-02-29');
  });

  it("the list: the month's days, first to last, without a grid", () => {
    const range = viewRange('list', '2026-12-31', SUNDAY);
    expect(range).toMatchObject({ first: '2026-12-01', last: '2026-12-31', weeks: [], month: '2026-12' });
    expect(range.days).toHaveLength(31);
    expect(viewRange('list', '2028-02-03', SUNDAY).days).toHaveLength(29);
  });
});

describe('shiftAnchor', () => {
  it('moves by three weeks, one week or one month', () => {
    expect(shiftAnchor('three-weeks', '2026-11-25', 1)).toBe('2026-12-16');
    expect(shiftAnchor('three-weeks', '2026-11-25', -1)).toBe('2026-11-04');
    expect(shiftAnchor('week', '2026-12-30', 1)).toBe('2027-01-06');
    expect(shiftAnchor('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftAnchor('list', '2026-01-15', -1)).toBe('2025-12-01');
  });

  it('crosses year ends both ways', () => {
    expect(addMonths('2026-12-05', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-05', -13)).toBe('2024-12-01');
    expect(addMonths('2026-06-05', 0)).toBe('2026-06-01');
  });
});

describe('showsToday', () => {
  it('is true while the view shows the dates it shows for today', () => {
    expect(showsToday('week', '2026-11-28', '2026-11-23', SUNDAY)).toBe(true);
    expect(showsToday('week', '2026-11-29', '2026-11-23', SUNDAY)).toBe(false);
    expect(showsToday('month', '2026-11-01', '2026-11-23', SUNDAY)).toBe(true);
    expect(showsToday('three-weeks', '2026-12-01', '2026-11-23', SUNDAY)).toBe(false);
  });
});

describe('what the address may say', () => {
  it('accepts the four views and real dates only', () => {
    expect(isCalendarView('month')).toBe(true);
    expect(isCalendarView('day')).toBe(false);
    expect(isCalendarView(undefined)).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('26-01-01')).toBe(false);
    expect(isCalendarDate(null)).toBe(false);
  });
});
