import { useTranslation } from 'react-i18next';
import { EvergreenPage as Evergreen } from '@/features/evergreen/components/evergreen-page';
import { usePageMeta } from '@/lib/use-page-meta';

export function EvergreenPage() {
  const { t } = useTranslation('evergreen');
  usePageMeta(
    t('Evergreen'),
    t('Collections of posts that go out again in your queue slots, with rotating text.'),
  );
  return (
    <div className="mx-auto max-w-6xl">
      <Evergreen />
    </div>
  );
}
