import { StreamAnalytics } from '@/features/streaming/components/stream-analytics';
import { usePageMeta } from '@/lib/use-page-meta';

export function StreamAnalyticsPage() {
  usePageMeta('Stream Analytics', 'Duration, bitrate, dropped frames and reconnects of your live streams.');
  return (
    <div className="mx-auto max-w-7xl">
      <StreamAnalytics />
    </div>
  );
}
