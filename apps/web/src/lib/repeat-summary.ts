import type { RepeatRuleInput } from '@relaycast/shared/post-series';
import { currentLocale, i18n } from '@/i18n';
import { formatDate } from './time-zone';

/**
 * A repeat rule in plain words, as the composer's Repeat control and the calendar's tooltip show it: "Every 2 weeks
 * on Mon and Thu, 10 times" (docs/recurring-posts.md). Weekdays and dates are written by the reader's locale.
 */

const t = (key: string, values: Record<string, unknown> = {}) => i18n.t(key, { ns: 'common', ...values });

/** Short weekday names (0 Sunday) joined as a list: "Mon and Thu", Monday first. */
export function weekdayList(weekdays: readonly number[], locale: string = currentLocale()): string {
  const names = [...new Set(weekdays)]
    .sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))
    // 2023-01-01 was a Sunday.
    .map((day) => formatDate(`2023-01-0${day + 1}`, { weekday: 'short' }, locale));
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);
}

function cadence(rule: RepeatRuleInput, startDate: string, locale: string): string {
  const n = rule.interval;
  if (rule.frequency === 'daily') return n === 1 ? t('Daily') : t('Every {{n}} days', { n });
  if (rule.frequency === 'weekly') {
    const days = weekdayList(rule.weekdays ?? [], locale);
    return n === 1 ? t('Weekly on {{days}}', { days }) : t('Every {{n}} weeks on {{days}}', { n, days });
  }
  const day = Number(startDate.slice(8, 10));
  return n === 1 ? t('Monthly on day {{day}}', { day }) : t('Every {{n}} months on day {{day}}', { n, day });
}

/** The whole rule in words, with its end. */
export function repeatSummary(
  rule: RepeatRuleInput,
  startDate: string,
  locale: string = currentLocale(),
): string {
  const words = cadence(rule, startDate, locale);
  if (rule.ends.kind === 'after') {
    return rule.ends.count === 1
      ? t('{{rule}}, once', { rule: words })
      : t('{{rule}}, {{n}} times', { rule: words, n: rule.ends.count });
  }
  if (rule.ends.kind === 'on') {
    const date = formatDate(rule.ends.date, { month: 'short', day: 'numeric', year: 'numeric' }, locale);
    return t('{{rule}}, until {{date}}', { rule: words, date });
  }
  return words;
}
