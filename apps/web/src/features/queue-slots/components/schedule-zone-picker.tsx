import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { browserTimeZone } from '@/lib/time-zone';

/**
 * The zones a schedule may be counted in: the member's settings zone and the browser's first, then every IANA
 * zone this browser knows, and the schedule's own if it is none of these (docs/queue-slots.md).
 */
export function scheduleZoneOptions(current: string, memberZone: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([memberZone, browserTimeZone(), current, ...known])];
}

/** The zones whose name holds every word of `query` ("new york", "paris"), the current one always kept. */
export function filterZones(options: readonly string[], query: string, current: string): string[] {
  const words = query.toLowerCase().replaceAll('_', ' ').split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  const matches = options.filter((zone) => {
    const name = zone.toLowerCase().replaceAll('_', ' ');
    return words.every((word) => name.includes(word));
  });
  return matches.includes(current) ? matches : [current, ...matches];
}

/**
 * A schedule's time zone: a search box narrowing a select of IANA zones. Changing it keeps the slots' wall-clock
 * times (09:00 stays 09:00, now in the new zone), as the note beside it says.
 */
export function ScheduleZonePicker({
  value,
  memberZone,
  disabled,
  onChange,
}: {
  value: string;
  /** The member's zone (their settings', else the browser's): offered first. */
  memberZone: string;
  disabled?: boolean;
  onChange(zone: string): void;
}) {
  const { t } = useTranslation('queue-slots');
  const id = useId();
  const [query, setQuery] = useState('');
  const options = filterZones(scheduleZoneOptions(value, memberZone), query, value);
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1 text-sm">
          <label htmlFor={`${id}-search`} className="text-xs font-medium">
            {t('Search time zones')}
          </label>
          <Input
            id={`${id}-search`}
            type="search"
            value={query}
            placeholder={t('e.g. New York')}
            onChange={(event) => setQuery(event.target.value)}
            className="h-8 w-40"
          />
        </div>
        <SelectField
          size="sm"
          className="w-56"
          label={t('Schedule time zone')}
          value={value}
          options={options}
          format={(zone) => zone.replaceAll('_', ' ')}
          disabled={disabled}
          onChange={(zone) => {
            if (zone !== value) onChange(zone);
          }}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        {t('Changing the zone keeps the times: 09:00 stays 09:00, in the new zone.')}
      </p>
    </div>
  );
}
