import { useTranslation } from 'react-i18next';
import { DraftsList } from '@/features/drafts/components/drafts-list';
import { LabelFilter } from '@/features/labels/components/label-filter';
import { usePageMeta } from '@/lib/use-page-meta';

export function DraftsPage() {
  const { t } = useTranslation('drafts');
  usePageMeta(t('Drafts'), t('The posts you started but have not scheduled yet.'));
  return (
    <div className="mx-auto max-w-4xl">
      <DraftsList labelFilter={(props) => <LabelFilter {...props} className="w-40" />} />
    </div>
  );
}
