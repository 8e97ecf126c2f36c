import { MAIL_MESSAGES, RESET_LINK_COMMAND } from '@relaycast/shared/mail';
import { MailWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useInstanceAdmin } from '@/api/billing';
import { useMailStatus } from '@/api/mail';
import { Spinner } from '@/components/ui/spinner';
import { ContactInbox } from '@/features/contact/components/contact-inbox';
import { AdminNodes } from '@/features/nodes/components/admin-nodes';
import { AdminWorkspaces } from '@/features/usage/components/admin-workspaces';
import { translateMessage } from '@/i18n';
import { usePageMeta } from '@/lib/use-page-meta';
import { NotFoundPage } from './not-found';

/** Said to the administrator when the install sends no e-mail: how a locked-out user gets a reset link. */
function NoEmailServer() {
  if (useMailStatus()?.delivers !== false) return null;
  return (
    <div
      role="note"
      className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="flex items-center gap-2 font-medium">
        <MailWarning aria-hidden="true" className="size-4" />
        {translateMessage(MAIL_MESSAGES.noServer)}
      </p>
      <p>{translateMessage(MAIL_MESSAGES.resetHowTo)}</p>
      <code className="block overflow-x-auto rounded-md bg-background/60 p-2 text-xs">
        {RESET_LINK_COMMAND}
      </code>
    </div>
  );
}

/**
 * /admin: the instance administrator's page (the workspaces and their plans, the contact form's messages, the
 * nodes and job queues); to
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
      <NoEmailServer />
      <AdminWorkspaces />
      <ContactInbox />
      <AdminNodes />
    </div>
  );
}
