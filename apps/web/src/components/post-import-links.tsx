import { FileUp, type LucideIcon, Rss } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * The pages that bring posts in from elsewhere, a CSV (/bulk-import) and RSS, Atom or JSON feeds (/feeds), as outline
 * buttons for a page's header: the drafts, the calendar and the feeds. `current` leaves out the page shown.
 */
export function PostImportLinks({ current }: { current?: 'bulk-import' | 'feeds' }) {
  const { t } = useTranslation('common');
  return (
    <>
      {current === 'bulk-import' ? null : (
        <ImportLink to="/bulk-import" icon={FileUp} label={t('Bulk import')} />
      )}
      {current === 'feeds' ? null : <ImportLink to="/feeds" icon={Rss} label={t('Feeds')} />}
    </>
  );
}

function ImportLink({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <Button asChild variant="outline">
      <Link to={to}>
        <Icon aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
