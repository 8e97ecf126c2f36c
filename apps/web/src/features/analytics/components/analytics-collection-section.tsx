import {
  ANALYTICS_COLLECT_MESSAGES,
  ANALYTICS_MAX_MONTHLY_READS,
  type AnalyticsBudget,
  type AnalyticsBudgetInput,
  analyticsBudgetInputSchema,
} from '@relaycast/shared/analytics';
import { isPlatformId, PLATFORMS } from '@relaycast/shared/platforms';
import { ChartNoAxesCombined } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAnalyticsBudget,
  useAnalyticsCollectStatus,
  useSaveAnalyticsBudget,
} from '@/api/analytics-collection';
import { useTimeZone } from '@/api/settings';
import { SettingsCard } from '@/components/settings-card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber, translateMessage } from '@/i18n';
import { formatDateTime } from '@/lib/time-zone';
import { type SaveState, useSaveAsYouGo } from '@/lib/use-save-as-you-go';

function when(iso: string | null, timeZone: string): string {
  return iso ? formatDateTime(iso, timeZone) : '—';
}

/**
 * The X read budget, saved when the field is left or Enter is pressed and it differs from what is stored
 * (settings save as you go, docs/decisions/0078-settings-save-as-you-go-and-week-start.md).
 */
function BudgetForm({
  budget,
  onSaveState,
}: {
  budget: AnalyticsBudget;
  onSaveState(state: SaveState): void;
}) {
  const { t } = useTranslation('analytics');
  const id = useId();
  const save = useSaveAnalyticsBudget();
  const stored = budget.monthlyLimit === null ? '' : String(budget.monthlyLimit);
  const [value, setValue] = useState(stored);
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useSaveAsYouGo((input: AnalyticsBudgetInput) => save.mutateAsync(input), {
    failureMessage: t('Could not save the budget.'),
  });
  useEffect(() => onSaveState(saving.state), [saving.state, onSaveState]);

  function commit() {
    if (value.trim() === stored) return setProblem(null);
    const parsed = analyticsBudgetInputSchema.safeParse({
      platform: 'twitter',
      monthlyLimit: value.trim() === '' ? Number.NaN : Number(value),
    });
    if (!parsed.success)
      return setProblem(translateMessage(parsed.error.issues[0]?.message ?? t('Enter a number of reads.')));
    setProblem(null);
    void saving.commit(parsed.data);
  }

  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        commit();
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
      <fieldset disabled={!budget.canEdit} className="grid gap-1.5 sm:max-w-xs">
        <Label htmlFor={`${id}-limit`}>{t('Monthly X read budget')}</Label>
        <Input
          id={`${id}-limit`}
          inputMode="numeric"
          enterKeyHint="done"
          placeholder={t('e.g. 5000')}
          value={value}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setValue(event.target.value)}
          onBlur={commit}
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
  const [saveState, setSaveState] = useState<SaveState>('idle');
  return (
    <SettingsCard
      title={t('Analytics collection')}
      icon={ChartNoAxesCombined}
      saveState={saveState}
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
        <BudgetForm budget={budget.data} onSaveState={setSaveState} />
      )}
      <CollectStatusTable />
    </SettingsCard>
  );
}
