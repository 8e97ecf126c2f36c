import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MembersView } from '@/features/members/components/members-view';
import { usePageMeta } from '@/lib/use-page-meta';

export function MembersPage() {
  const { t } = useTranslation('members');
  usePageMeta(t('Members'), t('Who works in this workspace, their roles, and invitations.'));
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header>
        <Link
          to="/settings"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('Settings')}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">{t('Members')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t('Invite people to this workspace, choose what each may do, and hand over ownership.')}
        </p>
      </header>
      <MembersView />
    </div>
  );
}
