import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatInstant,
  formatInstantWithZone,
  formatRelative,
  formatTimeOfDay,
  nextFullHour,
} from './time-zone';

describe('time-zone helpers', () => {
  it('proposes the next full hour in the user’s time zone, rolling over midnight', () => {
    expect(nextFullHour('Europe/Paris', new Date('2026-03-10T08:20:00Z'))).toEqual({
      date: '2026-03-10',
      time: '10:00',
    });
    expect(nextFullHour('America/New_York', new Date('2026-03-11T03:30:00Z'))).toEqual({
      date: '2026-03-11',
      time: '00:00',
    });
    expect(nextFullHour('Asia/Tokyo', new Date('2026-03-10T14:59:00Z'))).toEqual({
      date: '2026-03-11',
      time: '00:00',
    });
  });

  it('writes dates and times in the reader’s words, whatever the machine’s zone', () => {
    expect(formatTimeOfDay('14:30', 'en-US')).toBe('2:30 PM');
    expect(formatTimeOfDay('14:30', 'en-GB')).toBe('14:30');
    expect(formatDate('2026-03-03', { weekday: 'long', month: 'long', day: 'numeric' }, 'en-US')).toBe(
      'Tuesday, March 3',
    );
    // 07:00 UTC on the day Paris moves to summer time is 09:00 there.
    expect(formatInstant('2026-03-29T07:00:00.000Z', 'Europe/Paris', 'en-US')).toMatch(
      /Mar 29.* at 9:00\sAM$/,
    );
  });

  it("names the zone beside a time for a reader elsewhere, in the reader's language", () => {
    expect(formatInstantWithZone('2026-03-03T14:00:00.000Z', 'America/New_York', 'en-US')).toMatch(
      /^Tue, Mar 3, 2026, 9:00\sAM Eastern Standard Time$/,
    );
    expect(formatInstantWithZone('2026-07-03T14:00:00.000Z', 'Europe/Paris', 'en-US')).toMatch(
      /4:00\sPM Central European Summer Time$/,
    );
    expect(formatInstantWithZone('2026-07-03T14:00:00.000Z', 'Europe/Paris', 'de')).toMatch(
      /16:00 Mitteleuropäische Sommerzeit$/,
    );
  });

  it('says how long ago something happened', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(formatRelative('2026-03-10T11:59:40Z', now, 'en-US')).toBe('just now');
    expect(formatRelative('2026-03-10T11:57:00Z', now, 'en-US')).toBe('3 minutes ago');
    expect(formatRelative('2026-03-09T12:00:00Z', now, 'en-US')).toBe('yesterday');
  });
});
