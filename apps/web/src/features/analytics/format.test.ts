import { describe, expect, it } from 'vitest';
import { formatChange, formatFigure, formatPercent } from './format';

describe('analytics formats', () => {
  it('writes "not available" for a missing figure, never 0', () => {
    expect(formatFigure(null)).toBe('not available');
    expect(formatFigure(0)).toBe('0');
    expect(formatFigure(12_345)).toBe('12,345');
    expect(formatPercent(null)).toBe('not available');
    expect(formatPercent(6)).toBe('6.00%');
  });

  it('signs the change against the previous period', () => {
    expect(formatChange(12.345)).toBe('+12.3% vs previous period');
    expect(formatChange(-4)).toBe('-4.0% vs previous period');
    expect(formatChange(null)).toBe('No previous figure to compare');
  });
});
