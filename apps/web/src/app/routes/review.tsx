import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ReviewView } from '@/features/approvals/components/review-view';
import { usePageMeta } from '@/lib/use-page-meta';

/** /review/<token>: a client's review link, open to anyone holding it (no layout, no session). */
export function ReviewPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('approvals');
  usePageMeta(t('Review posts'), t('Posts shared with you for review from Relaycast.'));
  return (
    <main className="mx-auto max-w-3xl p-4 sm:p-8">
      <ReviewView token={token} />
    </main>
  );
}
