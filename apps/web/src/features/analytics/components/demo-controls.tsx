import { ANALYTICS_MESSAGES } from '@relaycast/shared/analytics';
import { ANALYTICS_PAGE_MESSAGES } from '@relaycast/shared/analytics-page';
import { BarChart3, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCreateDemo, useDeleteDemo } from '@/api/analytics';
import { useSwitchWorkspace, useWorkspaces } from '@/api/workspaces';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { i18n } from '@/i18n';
import { showError, toastOutcome } from '@/lib/show-error';
import { toast } from '@/lib/toast';

/** The workspace has no connected account: how to connect one, or try the page on generated data. */
export function AnalyticsEmptyState() {
  const { t } = useTranslation('analytics');
  const createDemo = useCreateDemo();
  return (
    <Card className="grid justify-items-center gap-4 p-10 text-center">
      <BarChart3 aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="max-w-md">{t(ANALYTICS_MESSAGES.noAccounts)}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/connected-accounts">{t('Connect an account')}</Link>
        </Button>
        <Button
          variant="outline"
          disabled={createDemo.isPending}
          onClick={() =>
            createDemo.mutate(undefined, {
              onSuccess: () =>
                toast.success(i18n.t(ANALYTICS_PAGE_MESSAGES.demoCreated, { ns: 'analytics' })),
              onError: (error) => showError(error),
            })
          }
        >
          <FlaskConical aria-hidden="true" className="size-4" />
          {createDemo.isPending ? t('Generating demo data…') : t('Try with demo data')}
        </Button>
      </div>
      <p className="max-w-md text-xs text-muted-foreground">
        {t(
          'Demo data lives in a separate, clearly labelled workspace that you can delete; it never mixes with yours.',
        )}
      </p>
    </Card>
  );
}

/**
 * Shown above every figure of the demo workspace, with the two ways out: Leave demo goes back to the user's own
 * workspace and keeps the demo to come back to ("Try with demo data" finds it again); Delete demo data removes it,
 * after asking.
 */
export function DemoBanner() {
  const { t } = useTranslation('analytics');
  const deleteDemo = useDeleteDemo();
  const switchTo = useSwitchWorkspace();
  const own = useWorkspaces().data?.workspaces.find((workspace) => !workspace.isDemo);
  const [confirming, setConfirming] = useState(false);
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="flex items-center gap-2 text-sm">
        <FlaskConical aria-hidden="true" className="size-4" />
        <strong>{t(ANALYTICS_MESSAGES.demoLabel)}</strong>
        <span>{t('Generated figures in a separate demo workspace, not your accounts.')}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={!own || switchTo.isPending}
          onClick={() => own && void toastOutcome(switchTo.mutateAsync(own.id), t('You left the demo.'))}
        >
          {t('Leave demo')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={deleteDemo.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('Delete demo data')}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('Delete the demo data?')}
        description={t(
          'The demo workspace and its generated figures go; your own workspaces are not touched.',
        )}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
            {t('Keep it')}
          </Button>
          <Button
            type="button"
            disabled={deleteDemo.isPending}
            onClick={() =>
              deleteDemo.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  toast.success(i18n.t(ANALYTICS_PAGE_MESSAGES.demoDeleted, { ns: 'analytics' }));
                },
                onError: (error) => showError(error),
              })
            }
          >
            {t('Delete demo data')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
