import type { AdminWorkspace } from '@relaycast/shared/billing';
import { findPlan, PLANS, type PlanId } from '@relaycast/shared/plans';
import { useTranslation } from 'react-i18next';
import { useAdminWorkspaces, useSetWorkspacePlan } from '@/api/billing';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { toastOutcome } from '@/lib/show-error';

const NONE = 'none';
type Choice = PlanId | typeof NONE;

function WorkspaceRow({ workspace }: { workspace: AdminWorkspace }) {
  const { t } = useTranslation('usage');
  const setPlan = useSetWorkspacePlan();
  const limits = findPlan(workspace.effectivePlan)?.name ?? workspace.effectivePlan;
  return (
    <li
      className="grid gap-3 border-b py-4 last:border-b-0 sm:grid-cols-[1fr_14rem] sm:items-end"
      data-testid="admin-workspace"
    >
      <div className="min-w-0">
        <p className="truncate font-medium">{workspace.name}</p>
        <p className="truncate text-sm text-muted-foreground">
          {workspace.owner ?? t('No owner')} · {t('{{count}} members', { count: workspace.members })}
        </p>
        <p className="text-sm text-muted-foreground">
          {workspace.publishingBlocked
            ? t('Trial ended: publishing paused')
            : workspace.onTrial
              ? t('On trial')
              : t('Limits of {{plan}}', { plan: limits })}
        </p>
      </div>
      <SelectField<Choice>
        label={t('Plan of {{name}}', { name: workspace.name })}
        value={workspace.plan ?? NONE}
        options={[NONE, ...PLANS.map((plan) => plan.id)]}
        disabled={setPlan.isPending}
        format={(choice) => (choice === NONE ? t('No plan (default)') : (findPlan(choice)?.name ?? choice))}
        onChange={(choice) =>
          void toastOutcome(
            setPlan.mutateAsync({ id: workspace.id, plan: choice === NONE ? null : choice }),
            t('Plan saved.'),
          )
        }
      />
    </li>
  );
}

/**
 * The instance administrator's page: every workspace of this server and its plan (ADMIN_EMAILS; decision
 * 0046). The route (app/routes/admin.tsx) shows the not-found page to anyone else, whom the API answers 404.
 */
export function AdminWorkspaces() {
  const { t } = useTranslation('usage');
  const { data, isPending, error } = useAdminWorkspaces();
  if (isPending) return <Spinner label={t('Loading the workspaces')} />;
  if (error || !data) return <p role="alert">{t('The workspaces could not be loaded. Try again later.')}</p>;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Administration')}</h1>
        <p className="mt-2 text-muted-foreground">
          {data.billingMode === 'self-hosted'
            ? t('Every workspace on this server. A workspace without a plan has the highest plan’s limits.')
            : t(
                'Every workspace on this server. Stripe sets the plans of paying workspaces; a plan set here is replaced by the next Stripe event.',
              )}
        </p>
      </header>
      <Card>
        <ul>
          {data.workspaces.map((workspace) => (
            <WorkspaceRow key={workspace.id} workspace={workspace} />
          ))}
        </ul>
      </Card>
    </div>
  );
}
