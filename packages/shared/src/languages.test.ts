import { describe, expect, it } from 'vitest';
import { acceptedLanguages, firstSupportedLanguage } from './languages';

describe('the language a browser asks for', () => {
  it('is the first of its languages the interface has, by base language', () => {
    expect(firstSupportedLanguage(['fr-CA', 'en-US'])).toBe('fr');
    expect(firstSupportedLanguage(['ja', 'pt-BR', 'DE-at'])).toBe('de');
    expect(firstSupportedLanguage(['ja', 'zh'])).toBeUndefined();
    expect(firstSupportedLanguage([])).toBeUndefined();
  });

  it('reads Accept-Language by quality, then by order, leaving out * and q=0', () => {
    expect(acceptedLanguages('de-DE,de;q=0.9,en;q=0.8')).toEqual(['de-DE', 'de', 'en']);
    expect(acceptedLanguages('en;q=0.2, es;q=0.9, fr')).toEqual(['fr', 'es', 'en']);
    expect(acceptedLanguages('*, de;q=0, it;q=0.5')).toEqual(['it']);
    expect(acceptedLanguages('es;q=abc, en')).toEqual(['en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });
});
