import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';

describe('formatDuration', () => {
  it('shows minutes and seconds, and hours when needed', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7.4)).toBe('0:07');
    expect(formatDuration(75.9)).toBe('1:15');
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });

  it('never shows a negative time', () => {
    expect(formatDuration(-3)).toBe('0:00');
  });
});
