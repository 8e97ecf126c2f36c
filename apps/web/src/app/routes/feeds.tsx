import { useTranslation } from 'react-i18next';
import { FeedsPage as Feeds } from '@/features/feeds/components/feeds-page';
import { usePageMeta } from '@/lib/use-page-meta';

export function FeedsPage() {
  const { t } = useTranslation('feeds');
  usePageMeta(t('Feeds'), t('Turn the new items of RSS and Atom feeds into drafts or queued posts.'));
  return (
    <div className="mx-auto max-w-6xl">
      <Feeds />
    </div>
  );
}
