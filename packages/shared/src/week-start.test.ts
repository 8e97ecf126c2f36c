import { describe, expect, it } from 'vitest';
import { calendarWeeks } from './calendar';
import { LANGUAGE_WEEK_STARTS, languageWeekStart, resolveWeekStart } from './week-start';

describe('where weeks start', () => {
  it('follows the language: Monday in German, French and Spanish, Sunday in English', () => {
    expect(languageWeekStart('de')).toBe(1);
    expect(languageWeekStart('fr')).toBe(1);
    expect(languageWeekStart('es')).toBe(1);
    expect(languageWeekStart('en')).toBe(0);
  });

  it('agrees with its fallback table for every language of the interface', () => {
    for (const [language, day] of Object.entries(LANGUAGE_WEEK_STARTS)) {
      expect(languageWeekStart(language)).toBe(day);
    }
  });

  it('uses the table where the runtime has no week information, and Monday for what it cannot read', () => {
    const proto = Intl.Locale.prototype as unknown as Record<string, unknown>;
    const saved = Object.getOwnPropertyDescriptors(proto);
    try {
      Object.defineProperty(proto, 'getWeekInfo', { value: undefined, configurable: true });
      Object.defineProperty(proto, 'weekInfo', { get: () => undefined, configurable: true });
      expect(languageWeekStart('de')).toBe(1);
      expect(languageWeekStart('en')).toBe(0);
      expect(languageWeekStart('fr-CA')).toBe(1);
      expect(languageWeekStart('not a tag!')).toBe(1);
    } finally {
      Object.defineProperty(
        proto,
        'getWeekInfo',
        saved.getWeekInfo ?? { value: undefined, configurable: true },
      );
      Object.defineProperty(proto, 'weekInfo', saved.weekInfo ?? { value: undefined, configurable: true });
    }
  });

  it('lets the user’s choice win over the language', () => {
    expect(resolveWeekStart('sunday', 'de')).toBe(0);
    expect(resolveWeekStart('monday', 'en')).toBe(1);
    expect(resolveWeekStart('saturday', 'fr')).toBe(6);
    expect(resolveWeekStart('auto', 'de')).toBe(1);
    expect(resolveWeekStart(undefined, 'en')).toBe(0);
    expect(resolveWeekStart('friday', 'de')).toBe(1);
  });

  it('starts the calendar grid on that day', () => {
    // 2026-11-25 is a Wednesday.
    expect(calendarWeeks('2026-11-25', 1, resolveWeekStart('auto', 'de'))[0]?.[0]).toBe('2026-11-23');
    expect(calendarWeeks('2026-11-25', 1, resolveWeekStart('auto', 'en'))[0]?.[0]).toBe('2026-11-22');
    expect(calendarWeeks('2026-11-25', 1, resolveWeekStart('saturday', 'en'))[0]?.[0]).toBe('2026-11-21');
  });
});
