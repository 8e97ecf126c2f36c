import { useTranslation } from 'react-i18next';
import { ApprovalsView } from '@/features/approvals/components/approvals-view';
import { usePageMeta } from '@/lib/use-page-meta';

/** /approvals: the approval queue (decision 0045). */
export function ApprovalsPage() {
  const { t } = useTranslation('approvals');
  usePageMeta(t('Approvals'), t('Posts waiting for approval before they are scheduled.'));
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Approvals')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t(
            'Approve, request changes or reject the posts contributors submitted. Approved posts are scheduled.',
          )}
        </p>
      </header>
      <ApprovalsView />
    </div>
  );
}
