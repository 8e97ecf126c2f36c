import { describe, expect, it } from 'vitest';
import {
  nextReportSendAt,
  parseRecipients,
  parseReportFilters,
  REPORT_SCHEDULE_MESSAGES,
  REPORT_TOKEN_PATTERN,
  reportFiltersQuery,
  reportPeriod,
  reportScheduleInputSchema,
} from './analytics-report';

describe('report link filters', () => {
  it('round-trips the filters through the stored query string', () => {
    const filters = {
      range: 'custom',
      from: '2026-03-01',
      to: '2026-03-31',
      platforms: 'instagram,twitter',
      accounts: 'a&b=c',
    } as const;
    expect(parseReportFilters(reportFiltersQuery(filters))).toEqual(filters);
  });

  it('keeps dates only for a custom range and falls back to 30 days on junk', () => {
    expect(reportFiltersQuery({ range: '7d', from: '2026-03-01' })).toBe('range=7d');
    expect(parseReportFilters('range=forever&from=%E0%A4%A')).toEqual({ range: '30d' });
    expect(parseReportFilters('')).toEqual({ range: '30d' });
  });

  it('accepts only 43-character base64url tokens', () => {
    expect(REPORT_TOKEN_PATTERN.test('a'.repeat(43))).toBe(true);
    expect(REPORT_TOKEN_PATTERN.test('a'.repeat(42))).toBe(false);
    expect(REPORT_TOKEN_PATTERN.test(`${'a'.repeat(42)}/`)).toBe(false);
  });
});

describe('report e-mail schedules', () => {
  it('covers last week Monday to Sunday, and last month from the 1st to its last day', () => {
    expect(reportPeriod('weekly', '2026-11-23')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(reportPeriod('weekly', '2026-11-25')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(reportPeriod('monthly', '2026-12-01')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(reportPeriod('monthly', '2026-03-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('sends next on a Monday or the 1st at 08:00 in the zone, daylight saving included', () => {
    // Monday 23 November 2026, 07:59 in New York (EST, UTC-5): today's 08:00 is still ahead.
    expect(
      nextReportSendAt('weekly', 'America/New_York', new Date('2026-11-23T12:59:00Z')).toISOString(),
    ).toBe('2026-11-23T13:00:00.000Z');
    // At 08:00 sharp it is the next Monday.
    expect(
      nextReportSendAt('weekly', 'America/New_York', new Date('2026-11-23T13:00:00Z')).toISOString(),
    ).toBe('2026-11-30T13:00:00.000Z');
    // Monthly from late February in Paris: 1 March 08:00 CET; from late March: 1 April 08:00 CEST.
    expect(nextReportSendAt('monthly', 'Europe/Paris', new Date('2026-02-20T10:00:00Z')).toISOString()).toBe(
      '2026-03-01T07:00:00.000Z',
    );
    expect(nextReportSendAt('monthly', 'Europe/Paris', new Date('2026-03-20T10:00:00Z')).toISOString()).toBe(
      '2026-04-01T06:00:00.000Z',
    );
    // An unknown zone counts as UTC.
    expect(nextReportSendAt('weekly', 'Mars/Olympus', new Date('2026-11-24T00:00:00Z')).toISOString()).toBe(
      '2026-11-30T08:00:00.000Z',
    );
  });

  it('reads addresses typed in one box and checks them with the shared messages', () => {
    expect(parseRecipients(' a@example.com, b@example.com;\na@example.com  c@example.com ')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
    const refuse = (input: unknown) =>
      reportScheduleInputSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(refuse({ frequency: 'weekly', recipients: [] })).toEqual([
      REPORT_SCHEDULE_MESSAGES.recipientsRequired,
    ]);
    expect(refuse({ frequency: 'weekly', recipients: ['not an address'] })).toEqual([
      REPORT_SCHEDULE_MESSAGES.recipientInvalid,
    ]);
    expect(refuse({ frequency: 'daily', recipients: ['a@example.com'] })).toEqual([
      REPORT_SCHEDULE_MESSAGES.frequency,
    ]);
    const eleven = Array.from({ length: 11 }, (_, i) => `r${i}@example.com`);
    expect(refuse({ frequency: 'monthly', recipients: eleven })).toEqual([
      REPORT_SCHEDULE_MESSAGES.tooManyRecipients,
    ]);
    expect(refuse({ frequency: 'monthly', recipients: ['a@example.com'] })).toBeUndefined();
  });
});
