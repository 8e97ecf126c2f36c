import { formatFileSize, type MediaList } from '@relaycast/shared/media';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** "X of Y used on the <Plan> plan", with a bar that turns red near the limit. */
export function StorageUsage({ usage }: { usage: MediaList['usage'] }) {
  const { t } = useTranslation('media-library');
  const fraction = usage.storageBytes > 0 ? Math.min(1, usage.usedBytes / usage.storageBytes) : 0;
  const percent = Math.round(fraction * 1000) / 10;
  const summary = t('{{used}} of {{total}} used on the {{plan}} plan', {
    used: formatFileSize(usage.usedBytes),
    total: formatFileSize(usage.storageBytes),
    plan: t(usage.plan),
  });
  return (
    <div className="w-full rounded-xl border bg-card p-4 shadow-sm sm:w-96">
      <p className="text-sm font-medium">{summary}</p>
      <div
        role="progressbar"
        aria-label={t('Storage used')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={summary}
        className="mt-3 h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full bg-primary', fraction >= 0.9 && 'bg-destructive')}
          style={{ width: `${Math.max(fraction > 0 ? 1 : 0, percent)}%` }}
        />
      </div>
      <p className="mt-2 text-xs text-muted-foreground">
        {t('Files up to {{size}} each', { size: formatFileSize(usage.maxFileSizeBytes) })}
      </p>
    </div>
  );
}
