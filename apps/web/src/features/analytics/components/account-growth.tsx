import { METRIC_LABELS, POST_METRICS } from '@relaycast/shared/analytics';
import { PLATFORMS } from '@relaycast/shared/platforms';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { type AnalyticsFilters, useAccountAnalytics } from '@/api/analytics';
import { SizedChart } from '@/components/sized-chart';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatChange, formatCompact, formatFigure } from '../format';
import { ChartDataTable } from './data-table';
import { CHART_ANIMATION_MS } from './engagement-chart';

/** One account's page: follower growth over the range, its change, and the range's totals. */
export function AccountGrowth({ accountId, filters }: { accountId: string; filters: AnalyticsFilters }) {
  const { t } = useTranslation('analytics');
  const account = useAccountAnalytics(accountId, filters);
  if (account.isPending) return <Spinner label={t("Loading the account's figures")} />;
  if (account.isError) {
    return (
      <p role="alert" className="text-sm">
        {account.error.message}
      </p>
    );
  }
  const data = account.data;
  const title = t('Follower growth: {{handle}} ({{platform}})', {
    handle: data.account.handle,
    platform: PLATFORMS[data.account.platform].name,
  });
  return (
    <Card className="grid gap-3 p-5">
      <section aria-labelledby="account-growth-title" className="grid gap-3">
        <div>
          <h2 id="account-growth-title" className="font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('{{followers}} followers', { followers: formatFigure(data.followers.value) })} ·{' '}
            {formatChange(data.followers.changePercent)}
          </p>
        </div>
        <SizedChart className="h-56 w-full" label={title}>
          {({ width, height }) => (
            <LineChart
              width={width}
              height={height}
              data={data.series}
              margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
              <XAxis dataKey="day" fontSize={12} minTickGap={16} />
              <YAxis
                fontSize={12}
                width={48}
                domain={['auto', 'auto']}
                tickFormatter={(value: number) => formatCompact(value)}
              />
              <Tooltip formatter={(value) => formatFigure(value === undefined ? null : Number(value))} />
              <Line
                type="monotone"
                dataKey="followers"
                name={t('Followers')}
                stroke="#16a34a"
                strokeWidth={2}
                dot={false}
                connectNulls
                animationDuration={CHART_ANIMATION_MS}
              />
            </LineChart>
          )}
        </SizedChart>
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          {POST_METRICS.map((metric) => (
            <div key={metric} className="rounded-md bg-muted/50 p-2">
              <dt className="text-xs text-muted-foreground">{t(METRIC_LABELS[metric])}</dt>
              <dd className="font-medium tabular-nums">{formatFigure(data.totals[metric])}</dd>
            </div>
          ))}
          <div className="rounded-md bg-muted/50 p-2">
            <dt className="text-xs text-muted-foreground">{t('Posts published')}</dt>
            <dd className="font-medium tabular-nums">{formatFigure(data.postsPublished)}</dd>
          </div>
        </dl>
        <ChartDataTable
          caption={title}
          columns={[t('Day'), t('Followers')]}
          rows={data.series.map((point) => [point.day, formatFigure(point.followers)])}
        />
      </section>
    </Card>
  );
}
