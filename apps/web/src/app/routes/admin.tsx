import { useTranslation } from 'react-i18next';
import { useInstanceAdmin } from '@/api/billing';
import { Spinner } from '@/components/ui/spinner';
import { ContactInbox } from '@/features/contact/components/contact-inbox';
import { AdminWorkspaces } from '@/features/usage/components/admin-workspaces';
import { usePageMeta } from '@/lib/use-page-meta';
import { NotFoundPage } from './not-found';

/**
 * /admin: the instance administrator's page (the workspaces and their plans, the contact form's messages); to
 * anyone not in ADMIN_EMAILS, the not-found page, as the API answers them 404.
 */
export function AdminPage() {
  const { t } = useTranslation('usage');
  const status = useInstanceAdmin();
  usePageMeta(t('Administration'), t('The workspaces of this server and their plans.'));
  if (status.isPending) return <Spinner label={t('Loading the workspaces')} />;
  if (status.isError) return <p role="alert">{t('The workspaces could not be loaded. Try again later.')}</p>;
  if (status.data?.admin !== true) return <NotFoundPage />;
  return (
    <div className="grid gap-10">
      <AdminWorkspaces />
      <ContactInbox />
    </div>
  );
}
