import {
  ANALYTICS_COLLECT_MESSAGES,
  ANALYTICS_MAX_MONTHLY_READS,
  type AnalyticsBudget,
  analyticsBudgetInputSchema,
} from '@relaycast/shared/analytics';
import { isPlatformId, PLATFORMS } from '@relaycast/shared/platforms';
import { ChartNoAxesCombined } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAnalyticsBudget,
  useAnalyticsCollectStatus,
  useSaveAnalyticsBudget,
} from '@/api/analytics-collection';
import { useTimeZone } from '@/api/settings';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber, translateMessage } from '@/i18n';
import { formatDateTime } from '@/lib/time-zone';
import { toast } from '@/lib/toast';

export const BUDGET_SAVED = 'X read budget saved.';

function when(iso: string | null, timeZone: string): string {
  return iso ? formatDateTime(iso, timeZone) : '—';
}

function BudgetForm({ budget }: { budget: AnalyticsBudget }) {
  const { t } = useTranslation('analytics');
  const id = useId();
  const save = useSaveAnalyticsBudget();
  const [value, setValue] = useState(budget.monthlyLimit === null ? '' : String(budget.monthlyLimit));
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    const parsed = analyticsBudgetInputSchema.safeParse({
      platform: 'twitter',
      monthlyLimit: value.trim() === '' ? Number.NaN : Number(value),
    });
    if (!parsed.success)
      return setProblem(translateMessage(parsed.error.issues[0]?.message ?? t('Enter a number of reads.')));
    setProblem(null);
    try {
      await save.mutateAsync(parsed.data);
      toast.success(t(BUDGET_SAVED));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t('Could not save the budget.'));
    }
  }

  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm">
        {budget.monthlyLimit === null
          ? t(ANALYTICS_COLLECT_MESSAGES.budgetNotSet)
          : t('{{used}} of {{limit}} X reads used in {{month}} (UTC).', {
              used: formatNumber(budget.used),
              limit: formatNumber(budget.monthlyLimit),
              month: budget.month,
            })}
      </p>
      {!budget.canEdit ? (
        <p className="text-sm text-muted-foreground">{t(ANALYTICS_COLLECT_MESSAGES.budgetAdminOnly)}</p>
      ) : null}
      <fieldset disabled={!budget.canEdit || save.isPending} className="grid gap-1.5 sm:max-w-xs">
        <Label htmlFor={`${id}-limit`}>{t('Monthly X read budget')}</Label>
        <Input
          id={`${id}-limit`}
          inputMode="numeric"
          placeholder={t('e.g. 5000')}
          value={value}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setValue(event.target.value)}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t("Every X read is billed to the server's X app. 0 stops X collection; at most {{max}}.", {
            max: formatNumber(ANALYTICS_MAX_MONTHLY_READS),
          })}
        </p>
      </fieldset>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {budget.canEdit ? (
        <div>
          <Button type="submit" disabled={save.isPending}>
            {t('Save budget')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

function CollectStatusTable() {
  const { t } = useTranslation('analytics');
  const status = useAnalyticsCollectStatus();
  const timeZone = useTimeZone();
  if (status.isPending) return <Spinner label={t('Loading the collection status')} />;
  if (status.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {status.error.message}
      </p>
    );
  const { accounts } = status.data;
  if (accounts.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        {t('No connected accounts yet: their figures appear here once connected.')}
      </p>
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('Analytics collection per account')}</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('Account')}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('Last collected')}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {/* "Next" collection, not the table pages' "Next": its own translation (Next_collection). */}
              {t('Next', { context: 'collection' })}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t('Problem')}
            </th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.accountId} className="border-t align-top">
              <td className="py-1.5 pr-3">
                {isPlatformId(account.platform) ? PLATFORMS[account.platform].name : account.platform} ·{' '}
                <span className="break-all">{account.handle}</span>
              </td>
              <td className="py-1.5 pr-3">{when(account.lastCollectedAt, timeZone)}</td>
              <td className="py-1.5 pr-3">
                {account.supported ? when(account.nextCollectAt, timeZone) : t('not collected')}
              </td>
              <td className="py-1.5 break-words">
                {account.lastError ? translateMessage(account.lastError) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Settings → Analytics collection: the X read budget and where each account's figures stand. */
export function AnalyticsCollectionSection() {
  const { t } = useTranslation('analytics');
  const budget = useAnalyticsBudget();
  return (
    <SettingsCard
      title={t('Analytics collection')}
      icon={ChartNoAxesCombined}
      description={t(
        "Relaycast pulls each connected account's figures in the background: new posts hourly for two days, then daily, then weekly.",
      )}
    >
      {budget.isPending ? (
        <Spinner label={t('Loading the X read budget')} />
      ) : budget.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {budget.error.message}
        </p>
      ) : (
        <BudgetForm budget={budget.data} />
      )}
      <CollectStatusTable />
    </SettingsCard>
  );
}
