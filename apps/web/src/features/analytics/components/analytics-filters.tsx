import type { SocialAccount } from '@relaycast/shared/accounts';
import { ANALYTICS_MESSAGES } from '@relaycast/shared/analytics';
import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFilters } from '@/api/analytics';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';

const RANGES = ['7d', '30d', '90d', 'custom'] as const;
const RANGE_LABELS: Record<(typeof RANGES)[number], string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  custom: 'Custom range',
};
const ALL = 'all';

/** The /analytics filters: a preset or custom range, one platform or all, one account or all. */
export function AnalyticsFiltersBar({
  value,
  onChange,
  accounts,
}: {
  value: AnalyticsFilters;
  /** A change to some filters (applied to the latest ones, so two quick edits never undo each other). */
  onChange(patch: Partial<AnalyticsFilters>): void;
  accounts: SocialAccount[];
}) {
  const { t } = useTranslation('analytics');
  const fromId = useId();
  const toId = useId();
  const platforms = [...new Set(accounts.map((account) => account.platform))];
  const shownAccounts = accounts.filter((account) => !value.platform || account.platform === value.platform);
  const rangeError =
    value.range === 'custom' && value.from && value.to && value.from > value.to
      ? ANALYTICS_MESSAGES.rangeOrder
      : null;
  return (
    <fieldset aria-label={t('Analytics filters')} className="grid min-w-0 gap-2">
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <SelectField
          label={t('Range')}
          size="sm"
          value={value.range}
          options={RANGES}
          format={(option) => t(RANGE_LABELS[option])}
          onChange={(range) => onChange({ range })}
        />
        {value.range === 'custom' ? (
          <>
            <div className="grid gap-1">
              <Label htmlFor={fromId} className="text-xs">
                {t('From')}
              </Label>
              <Input
                id={fromId}
                type="date"
                className="h-8"
                value={value.from ?? ''}
                aria-invalid={rangeError ? true : undefined}
                onChange={(event) => onChange({ from: event.target.value || undefined })}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={toId} className="text-xs">
                {t('To')}
              </Label>
              <Input
                id={toId}
                type="date"
                className="h-8"
                value={value.to ?? ''}
                aria-invalid={rangeError ? true : undefined}
                onChange={(event) => onChange({ to: event.target.value || undefined })}
              />
            </div>
          </>
        ) : null}
        <SelectField
          label={t('Platform')}
          size="sm"
          value={value.platform ?? ALL}
          options={[ALL, ...platforms]}
          format={(option) => (option === ALL ? t('All platforms') : PLATFORMS[option as PlatformId].name)}
          onChange={(platform) =>
            onChange({ platform: platform === ALL ? undefined : platform, account: undefined })
          }
        />
        <SelectField
          label={t('Account')}
          size="sm"
          value={value.account ?? ALL}
          options={[ALL, ...shownAccounts.map((account) => account.id)]}
          format={(option) => {
            if (option === ALL) return t('All accounts');
            const account = accounts.find((candidate) => candidate.id === option);
            return account ? `${account.handle} (${PLATFORMS[account.platform].name})` : option;
          }}
          onChange={(account) => onChange({ account: account === ALL ? undefined : account })}
        />
      </div>
      {rangeError ? (
        <p role="alert" className="text-sm text-destructive">
          {t(rangeError)}
        </p>
      ) : value.range === 'custom' && (!value.from || !value.to) ? (
        <p className="text-sm text-muted-foreground">{t(ANALYTICS_MESSAGES.customRangeNeedsDates)}</p>
      ) : null}
    </fieldset>
  );
}
