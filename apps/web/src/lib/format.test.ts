import { describe, expect, it } from 'vitest';
import { countryName, formatCountries, formatDuration } from './format';

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

describe('countries', () => {
  it('names a country in the interface language, keeps an unknown code as it is', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('not a code', 'en')).toBe('not a code');
    expect(
      formatCountries(
        [
          { country: 'US', clicks: 2 },
          { country: 'FR', clicks: 1 },
        ],
        'en',
      ),
    ).toBe('United States (2), France (1)');
    expect(formatCountries([], 'en')).toBe('');
  });
});
