import { describe, expect, it } from 'vitest';
import { jsonInstant } from './posts-page';

describe('jsonInstant', () => {
  it('writes every instant the database sends in JSON exactly as Date would', () => {
    const samples = [
      '2026-11-19T01:00:00+00:00',
      '2026-11-19T01:00:00.5+00:00',
      '2026-11-19T01:00:00.12+00:00',
      '2026-11-19T01:00:00.123+00:00',
      '2026-11-19T01:00:00.1239+00:00',
      '2026-11-19T01:00:00.123999+00:00',
      '2026-11-19T23:59:59.999999+00:00',
      '2026-03-29T01:30:00+02:00',
      '2026-10-25T02:30:00.250-04:00',
      '1999-12-31T23:59:59.000001+05:30',
    ];
    for (const sample of samples) expect(jsonInstant(sample), sample).toBe(new Date(sample).toISOString());
    expect(jsonInstant('2026-11-19T01:00:00.5+00:00')).toBe('2026-11-19T01:00:00.500Z');
    expect(jsonInstant(null)).toBeNull();
  });
});
