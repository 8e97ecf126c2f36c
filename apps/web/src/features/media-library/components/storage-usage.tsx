import { formatFileSize, type MediaList } from '@relaycast/shared/media';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/**
 * "X of Y used on the <Plan> plan", with a bar that turns red near the limit. A self-hosted server's limits are
 * its own (no plan): "X of Y used", or, without a storage limit, what its disk can still take.
 */
function summaryOf(usage: MediaList['usage'], t: (key: string, values?: Record<string, string>) => string) {
  const used = formatFileSize(usage.usedBytes);
  if (usage.storageBytes === null) {
    return usage.diskFreeBytes === null
      ? t('{{used}} used', { used })
      : t("{{used}} used, {{free}} free on the server's disk", {
          used,
          free: formatFileSize(usage.diskFreeBytes),
        });
  }
  const total = formatFileSize(usage.storageBytes);
  return usage.plan
    ? t('{{used}} of {{total}} used on the {{plan}} plan', { used, total, plan: t(usage.plan) })
    : t('{{used}} of {{total}} used', { used, total });
}

export function StorageUsage({ usage }: { usage: MediaList['usage'] }) {
  const { t } = useTranslation('media-library');
  // Without a storage limit, the bar fills against what the disk can still take.
  const total =
    usage.storageBytes ?? (usage.diskFreeBytes === null ? 0 : usage.usedBytes + usage.diskFreeBytes);
  const fraction = total > 0 ? Math.min(1, usage.usedBytes / total) : 0;
  const percent = Math.round(fraction * 1000) / 10;
  const summary = summaryOf(usage, t);
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
