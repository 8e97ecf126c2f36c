import { useTranslation } from 'react-i18next';
import { StreamAnalytics } from '@/features/streaming/components/stream-analytics';
import { usePageMeta } from '@/lib/use-page-meta';

export function StreamAnalyticsPage() {
  const { t } = useTranslation('streaming');
  usePageMeta(
    t('Stream Analytics'),
    t('Duration, bitrate, dropped frames and reconnects of your live streams.'),
  );
  return (
    <div className="mx-auto max-w-7xl">
      <StreamAnalytics />
    </div>
  );
}
