import { MAX_SERIES_COUNT, MAX_SERIES_INTERVAL, type RepeatRuleInput } from '@relaycast/shared/post-series';
import { Repeat } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { cn } from '@/lib/cn';
import { repeatSummary, weekdayList } from '@/lib/repeat-summary';

/**
 * The composer's Repeat control (docs/recurring-posts.md): none, daily, weekly on chosen days or monthly; every N;
 * ends never, on a date or after N times; and the rule in plain words under it. `null` is "Does not repeat".
 */

const REPEATS = ['none', 'daily', 'weekly', 'monthly'] as const;
type RepeatChoice = (typeof REPEATS)[number];
const ENDS = ['never', 'on', 'after'] as const;
type EndsChoice = (typeof ENDS)[number];
/** Monday first, as the rule walks weeks (0 Sunday). */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

/** The weekday (0 Sunday) of a local date. */
export function weekdayOfDate(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** The rule a choice starts with, from the post's date: weekly on its weekday, ten times. */
export function startingRule(frequency: Exclude<RepeatChoice, 'none'>, date: string): RepeatRuleInput {
  return {
    frequency,
    interval: 1,
    weekdays: frequency === 'weekly' ? [weekdayOfDate(date)] : [],
    ends: { kind: 'after', count: 10 },
  };
}

/** A whole number from 1 to `max` that may be emptied while typing: it changes the rule only when it is one. */
function CountInput({
  id,
  value,
  max,
  className,
  onChange,
}: {
  id: string;
  value: number;
  max: number;
  className: string;
  onChange(value: number): void;
}) {
  const [text, setText] = useState(String(value));
  return (
    <Input
      id={id}
      type="number"
      min={1}
      max={max}
      className={className}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const n = Number(event.target.value);
        if (Number.isInteger(n) && n >= 1) onChange(Math.min(n, max));
      }}
      onBlur={() => setText(String(value))}
    />
  );
}

// function-budget: one small form (cadence, days, end) laid out in one tree; each part is a few lines
export function RepeatControl({
  value,
  date,
  onChange,
  disabled,
}: {
  value: RepeatRuleInput | null;
  /** The first occurrence's local date (the default weekday, the day of the month). */
  date: string;
  onChange(rule: RepeatRuleInput | null): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('composer');
  const id = useId();
  const units = { daily: t('days'), weekly: t('weeks'), monthly: t('months') } as const;
  const labels: Record<RepeatChoice, string> = {
    none: t('Does not repeat'),
    daily: t('Daily'),
    weekly: t('Weekly'),
    monthly: t('Monthly'),
  };
  const endLabels: Record<EndsChoice, string> = {
    never: t('Never'),
    on: t('On a date'),
    after: t('After a number of times'),
  };
  const change = (patch: Partial<RepeatRuleInput>) => value && onChange({ ...value, ...patch });
  const days = value?.weekdays ?? [];
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border p-3" disabled={disabled}>
      <legend className="flex items-center gap-1.5 px-1 text-sm font-medium">
        <Repeat aria-hidden="true" className="size-4" />
        {t('Repeat')}
      </legend>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          className="w-44"
          label={t('Repeats')}
          value={value?.frequency ?? 'none'}
          options={REPEATS}
          format={(option) => labels[option]}
          onChange={(choice) => onChange(choice === 'none' ? null : startingRule(choice, date))}
        />
        {value ? (
          <div className="grid gap-1">
            <Label htmlFor={`${id}-every`}>{t('Every')}</Label>
            <span className="flex items-center gap-2 text-sm">
              <CountInput
                id={`${id}-every`}
                max={MAX_SERIES_INTERVAL}
                className="w-20"
                value={value.interval}
                onChange={(interval) => change({ interval })}
              />
              {units[value.frequency]}
            </span>
          </div>
        ) : null}
      </div>
      {value?.frequency === 'weekly' ? (
        <fieldset className="flex flex-wrap gap-1.5">
          <legend className="mb-1 text-sm">{t('On these days')}</legend>
          {WEEK.map((day) => {
            const isOn = days.includes(day);
            return (
              <button
                key={day}
                type="button"
                aria-pressed={isOn}
                className={cn(
                  'h-8 min-w-11 rounded-md border px-2 text-xs',
                  isOn ? 'border-primary bg-primary text-primary-foreground' : 'bg-card',
                )}
                onClick={() => change({ weekdays: isOn ? days.filter((d) => d !== day) : [...days, day] })}
              >
                {weekdayList([day])}
              </button>
            );
          })}
        </fieldset>
      ) : null}
      {value ? (
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            className="w-56"
            label={t('Ends')}
            value={value.ends.kind}
            options={ENDS}
            format={(option) => endLabels[option]}
            onChange={(kind) =>
              change({
                ends: kind === 'never' ? { kind } : kind === 'on' ? { kind, date } : { kind, count: 10 },
              })
            }
          />
          {value.ends.kind === 'on' ? (
            <div className="grid gap-1">
              <Label htmlFor={`${id}-until`}>{t('Last date')}</Label>
              <Input
                id={`${id}-until`}
                type="date"
                min={date}
                value={value.ends.date}
                onChange={(event) => change({ ends: { kind: 'on', date: event.target.value || date } })}
              />
            </div>
          ) : null}
          {value.ends.kind === 'after' ? (
            <div className="grid gap-1">
              <Label htmlFor={`${id}-count`}>{t('Times')}</Label>
              <CountInput
                id={`${id}-count`}
                max={MAX_SERIES_COUNT}
                className="w-24"
                value={value.ends.count}
                onChange={(count) => change({ ends: { kind: 'after', count } })}
              />
            </div>
          ) : null}
        </div>
      ) : null}
      {value ? (
        <p role="status" className="text-sm text-muted-foreground">
          {value.frequency === 'weekly' && days.length === 0
            ? t('Choose at least one day.')
            : repeatSummary(value, date)}
        </p>
      ) : null}
    </fieldset>
  );
}
