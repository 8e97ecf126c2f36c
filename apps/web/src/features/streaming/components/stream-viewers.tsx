import type { DestinationSummary } from '@relaycast/shared/streaming';
import { useTranslation } from 'react-i18next';
import { currentLocale, formatNumber } from '@/i18n';

function formatReadAt(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/**
 * A destination's viewers as its platform's API counted them (read about every minute while live), with the
 * metric's own name and when it was read; "Not available" where the platform gives none (never 0).
 */
export function StreamViewers({ viewers }: { viewers: DestinationSummary['viewers'] }) {
  const { t } = useTranslation('streaming');
  if (!viewers) return <span className="text-muted-foreground">{t('Not available')}</span>;
  return (
    <span
      title={t('{{metric}}, read {{time}}', {
        metric: viewers.platformMetric,
        time: formatReadAt(viewers.readAt),
      })}
    >
      {formatNumber(viewers.peak)} / {formatNumber(viewers.last)}
    </span>
  );
}
