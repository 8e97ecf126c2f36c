import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { SharedReport } from '@/features/analytics/components/shared-report';
import { usePageMeta } from '@/lib/use-page-meta';

/** /r/<token>: a read-only analytics report link, open to anyone holding it (no layout, no session). */
export function ReportPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const { t } = useTranslation('analytics');
  usePageMeta(t('Analytics report'), t('A read-only analytics report shared from Relaycast.'));
  return (
    <main className="mx-auto max-w-6xl p-4 sm:p-8 print:max-w-none print:p-0">
      <SharedReport token={token} print={params.get('print') === '1'} />
    </main>
  );
}
