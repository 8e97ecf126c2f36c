import { clampTrim, formatSeconds } from '@relaycast/shared/video-editor';
import { Scissors } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface Trim {
  start: number;
  end: number;
}

/**
 * Start (0 to the duration) and end (the start to the duration) in seconds, as the spec bounds them; a value
 * typed out of range is brought back in when the field is left.
 */
export function TrimPanel({
  trim,
  duration,
  onChange,
  onPreview,
}: {
  trim: Trim;
  duration: number;
  onChange(trim: Trim): void;
  onPreview(): void;
}) {
  const { t } = useTranslation('video-editor');
  const id = useId();
  const set = (field: keyof Trim, raw: string) => {
    const value = Number(raw);
    if (raw.trim() !== '' && Number.isFinite(value)) onChange({ ...trim, [field]: value });
  };
  const clamp = () => onChange(clampTrim(trim, duration));
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <h2 id={`${id}-title`} className="font-semibold">
        {t('Trim Video')}
      </h2>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-start`}>{t('Start (seconds)')}</Label>
          <Input
            id={`${id}-start`}
            type="number"
            min={0}
            max={duration}
            step={0.1}
            value={trim.start}
            onChange={(event) => set('start', event.target.value)}
            onBlur={clamp}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-end`}>{t('End (seconds)')}</Label>
          <Input
            id={`${id}-end`}
            type="number"
            min={trim.start}
            max={duration}
            step={0.1}
            value={trim.end}
            onChange={(event) => set('end', event.target.value)}
            onBlur={clamp}
          />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        {t('Keeps {{start}} to {{end}} of {{duration}} ({{length}}).', {
          start: formatSeconds(trim.start),
          end: formatSeconds(trim.end),
          duration: formatSeconds(duration),
          length: formatSeconds(Math.max(0, trim.end - trim.start)),
        })}
      </p>
      <Button type="button" variant="outline" onClick={onPreview}>
        <Scissors aria-hidden="true" />
        {t('Preview trim')}
      </Button>
    </section>
  );
}
