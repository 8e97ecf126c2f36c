import { altTextLength } from '@relaycast/shared/alt-text';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/i18n';
import { cn } from '@/lib/cn';
import type { AttachedMedia } from '@/lib/post-form';

/** The small "Alt" control on an attached file: opens its alt-text editor; marked when the file has one. */
export function AltTextButton({
  item,
  expanded,
  onToggle,
}: {
  item: AttachedMedia;
  expanded: boolean;
  onToggle(): void;
}) {
  const { t } = useTranslation('composer');
  const hasAlt = (item.altText ?? '').trim().length > 0;
  return (
    <button
      type="button"
      aria-expanded={expanded}
      onClick={onToggle}
      title={hasAlt ? item.altText : t('Add alt text')}
      className={cn(
        'absolute bottom-6 left-1 rounded px-1.5 py-0.5 text-[10px] font-semibold uppercase shadow-sm',
        hasAlt ? 'bg-primary text-primary-foreground' : 'bg-card text-muted-foreground ring-1 ring-border',
      )}
    >
      {t('Alt')}
      <span className="sr-only"> {t('Alt text for {{name}}', { name: item.name })}</span>
    </button>
  );
}

/** Where the alt text of one file is written, with its count against the chosen platforms' lowest limit. */
export function AltTextEditor({
  item,
  limit,
  onChange,
}: {
  item: AttachedMedia;
  limit: number;
  onChange(text: string): void;
}) {
  const { t } = useTranslation('composer');
  const id = useId();
  const text = item.altText ?? '';
  const length = altTextLength(text);
  const over = length > limit;
  return (
    <div className="grid gap-1.5 rounded-lg border p-3">
      <label htmlFor={id} className="text-sm font-medium">
        {t('Alt text for {{name}}', { name: item.name })}
      </label>
      <textarea
        id={id}
        value={text}
        rows={3}
        aria-describedby={`${id}-help ${id}-count`}
        aria-invalid={over || undefined}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-md border bg-background px-3 py-2 text-sm"
      />
      <div className="flex flex-wrap justify-between gap-2 text-xs">
        <p id={`${id}-help`} className="text-muted-foreground">
          {t('Describe the image for people who cannot see it. Sent to every platform that takes alt text.')}
        </p>
        <span
          id={`${id}-count`}
          className={cn('tabular-nums', over ? 'text-destructive' : 'text-muted-foreground')}
        >
          {formatNumber(length)} / {formatNumber(limit)}
        </span>
      </div>
    </div>
  );
}
