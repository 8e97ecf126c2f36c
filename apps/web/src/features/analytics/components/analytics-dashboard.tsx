import { ANALYTICS_MESSAGES } from '@relaycast/shared/analytics';
import { Download } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccounts } from '@/api/accounts';
import {
  type AnalyticsFilters,
  analyticsCsvUrl,
  filtersComplete,
  useAnalyticsOverview,
} from '@/api/analytics';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { i18n } from '@/i18n';
import { toast } from '@/lib/toast';
import { AccountGrowth } from './account-growth';
import { AnalyticsFiltersBar } from './analytics-filters';
import { AnalyticsEmptyState, DemoBanner } from './demo-controls';
import { EmailReportsButton } from './email-reports';
import { EngagementChart } from './engagement-chart';
import { PlatformChart } from './platform-chart';
import { RangeNote } from './range-note';
import { RelaycastActivity } from './relaycast-activity';
import { DownloadPdfButton, ShareReportButton } from './report-actions';
import { StatCards } from './stat-cards';
import { TopPostsTable } from './top-posts-table';

const RANGE_VALUES = new Set(['7d', '30d', '90d', 'custom']);

/**
 * The filters live in the address (?range=…&from=…&to=…&platform=…&account=…), so a view can be shared. A change
 * applies to the latest filters, not the rendered ones: navigation renders in a transition, and two quick edits
 * (the two dates) must not undo each other.
 */
function useFilters(): [AnalyticsFilters, (patch: Partial<AnalyticsFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const range = params.get('range') ?? '30d';
  const filters: AnalyticsFilters = {
    range: (RANGE_VALUES.has(range) ? range : '30d') as AnalyticsFilters['range'],
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    platform: params.get('platform') ?? undefined,
    account: params.get('account') ?? undefined,
  };
  const latest = useRef(filters);
  latest.current = filters;
  const setFilters = (patch: Partial<AnalyticsFilters>) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) out.set(key, value);
    setParams(out, { replace: true });
  };
  return [filters, setFilters];
}

/**
 * /analytics: filters, the four cards, the two charts with their tables, the formula, top posts, one account's
 * growth, the CSV export; an empty state with the demo offer when nothing is connected. `children` is where the
 * page adds more sections (the best-time heatmap).
 */
export function AnalyticsDashboard({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('analytics');
  const [filters, setFilters] = useFilters();
  const accounts = useAccounts();
  const overview = useAnalyticsOverview(filters);
  const failedAt =
    overview.isError || accounts.isError ? Math.max(overview.errorUpdatedAt, accounts.errorUpdatedAt) : 0;
  useEffect(() => {
    if (failedAt)
      toast.error(i18n.t(ANALYTICS_MESSAGES.loadFailed, { ns: 'analytics' }), {
        id: `analytics-${failedAt}`,
      });
  }, [failedAt]);

  if (accounts.isPending || (overview.isPending && overview.fetchStatus !== 'idle')) {
    return (
      <div className="flex min-h-48 items-center justify-center rounded-lg border">
        <Spinner label={t('Loading analytics')} />
      </div>
    );
  }
  const retry = (
    <Button
      size="sm"
      variant="outline"
      onClick={() => {
        void accounts.refetch();
        void overview.refetch();
      }}
    >
      {t('Retry')}
    </Button>
  );
  if (accounts.isError) {
    return (
      <div role="alert" className="flex items-center justify-between gap-3 rounded-lg border p-4 text-sm">
        <span>{t(ANALYTICS_MESSAGES.loadFailed)}</span>
        {retry}
      </div>
    );
  }
  const connected = accounts.data.filter((account) => account.status !== 'disconnected');
  const csvLabel = (
    <>
      <Download aria-hidden="true" className="size-4" />
      {t('Download CSV')}
    </>
  );
  const demo = overview.data?.demo ?? false;
  if (connected.length === 0 && !demo) return <AnalyticsEmptyState />;

  return (
    <div className="grid gap-6 *:min-w-0">
      {demo ? <DemoBanner /> : null}
      <div className="flex flex-wrap items-end justify-between gap-3 *:min-w-0">
        <AnalyticsFiltersBar value={filters} onChange={setFilters} accounts={connected} />
        <div className="flex flex-wrap gap-2">
          {filtersComplete(filters) ? (
            <Button asChild variant="outline" size="sm">
              <a href={analyticsCsvUrl(filters)} download>
                {csvLabel}
              </a>
            </Button>
          ) : (
            // Until the custom range is whole and in order (the filters say what is wrong), there is nothing to
            // download: a link would save the server's refusal as a file.
            <Button variant="outline" size="sm" disabled>
              {csvLabel}
            </Button>
          )}
          <DownloadPdfButton filters={filters} />
          <ShareReportButton filters={filters} />
          <EmailReportsButton filters={filters} />
        </div>
      </div>
      {overview.isError ? (
        <div role="alert" className="flex items-center justify-between gap-3 rounded-lg border p-4 text-sm">
          <span>
            {t(ANALYTICS_MESSAGES.loadFailed)}: {overview.error.message}
          </span>
          {retry}
        </div>
      ) : null}
      {overview.data ? (
        <>
          <StatCards cards={overview.data.cards} />
          <RangeNote range={overview.data.range} />
          <div className="grid gap-6 *:min-w-0 lg:grid-cols-2">
            <EngagementChart engagement={overview.data.engagement} />
            <PlatformChart platforms={overview.data.platforms} />
          </div>
        </>
      ) : null}
      {filters.account ? <AccountGrowth accountId={filters.account} filters={filters} /> : null}
      <RelaycastActivity filters={filters} />
      <TopPostsTable filters={filters} />
      {children}
    </div>
  );
}
