import { useTranslation } from 'react-i18next';
import { ContentCalendar } from '@/features/calendar/components/content-calendar';
import { LabelFilter } from '@/features/labels/components/label-filter';
import { usePageMeta } from '@/lib/use-page-meta';

export function CalendarPage() {
  const { t } = useTranslation('calendar');
  usePageMeta(
    t('Content Calendar'),
    t('Three weeks of scheduled posts at a glance: create, open and move them.'),
  );
  return (
    <div className="mx-auto max-w-6xl">
      <ContentCalendar labelFilter={(props) => <LabelFilter {...props} className="w-40" />} />
    </div>
  );
}
