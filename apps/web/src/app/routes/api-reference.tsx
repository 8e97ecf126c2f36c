import { useTranslation } from 'react-i18next';
import { PageHero } from '@/components/page-hero';
import { ApiReference } from '@/features/public-api/components/api-reference';
import { usePageMeta } from '@/lib/use-page-meta';

export function ApiReferencePage() {
  const { t } = useTranslation('public-api');
  usePageMeta(
    t('API reference'),
    t(
      'The Relaycast public API: create and schedule posts, upload media, list accounts, streams and analytics with an API key.',
    ),
  );
  return (
    <>
      <PageHero
        eyebrow={t('Developers')}
        title={t('API reference')}
        description={t(
          'Everything the public API at /api/v1 offers, generated from the same schemas that check every request. Try each call with your own key.',
        )}
      />
      <section
        aria-label={t('Operations of the public API')}
        className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6"
      >
        <ApiReference />
      </section>
    </>
  );
}
