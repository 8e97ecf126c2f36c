import { useTranslation } from 'react-i18next';
import { BulkImportPage as BulkImport } from '@/features/bulk-import/components/bulk-import-page';
import { usePageMeta } from '@/lib/use-page-meta';

export function BulkImportPage() {
  const { t } = useTranslation('bulk-import');
  usePageMeta(
    t('Bulk import'),
    t('Schedule many posts at once from a CSV file or rows pasted from a spreadsheet.'),
  );
  return (
    <div className="mx-auto max-w-6xl">
      <BulkImport />
    </div>
  );
}
