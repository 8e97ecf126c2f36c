import { FileUp, Rss } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * The pages that bring posts in from elsewhere, a CSV (/bulk-import) and RSS or Atom feeds (/feeds), as outline
 * buttons for a page's header: the drafts, the calendar and the feeds. `current` leaves out the page shown.
 */
export function PostImportLinks({ current }: { current?: 'bulk-import' | 'feeds' }) {
  const { t } = useTranslation('common');
  return (
    <>
      {current === 'bulk-import' ? null : (
        <Button asChild variant="outline">
          <Link to="/bulk-import">
            <FileUp aria-hidden="true" />
            {t('Bulk import')}
          </Link>
        </Button>
      )}
      {current === 'feeds' ? null : (
        <Button asChild variant="outline">
          <Link to="/feeds">
            <Rss aria-hidden="true" />
            {t('Feeds')}
          </Link>
        </Button>
      )}
    </>
  );
}
