import { Globe } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

interface DateTimeFieldsProps {
  date: string;
  time: string;
  onChange(value: { date: string; time: string }): void;
  timeZone: string;
  /** Earliest date offered by the picker (YYYY-MM-DD). */
  minDate?: string;
  error?: string;
  dateLabel?: string;
  timeLabel?: string;
  className?: string;
}

/** A date and a time of day, in the user's time zone (named below them). */
export function DateTimeFields({
  date,
  time,
  onChange,
  timeZone,
  minDate,
  error,
  dateLabel,
  timeLabel,
  className,
}: DateTimeFieldsProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const errorId = `${id}-error`;
  const zoneId = `${id}-zone`;
  const describedBy = [zoneId, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-date`}>{dateLabel ?? t('Date')}</Label>
          <Input
            id={`${id}-date`}
            type="date"
            value={date}
            min={minDate}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ date: event.target.value, time })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-time`}>{timeLabel ?? t('Time')}</Label>
          <Input
            id={`${id}-time`}
            type="time"
            value={time}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ date, time: event.target.value })}
          />
        </div>
      </div>
      <p id={zoneId} className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Globe aria-hidden="true" className="size-3.5" />
        {t('Times are in your time zone, {{zone}}.', { zone: timeZone.replaceAll('_', ' ') })}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
