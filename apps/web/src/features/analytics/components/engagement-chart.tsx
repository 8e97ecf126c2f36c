import type { AnalyticsOverview } from '@relaycast/shared/analytics';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { SizedChart } from '@/components/sized-chart';
import { Card } from '@/components/ui/card';
import { currentLocale, i18n } from '@/i18n';
import { formatCompact, formatFigure } from '../format';
import { ChartDataTable } from './data-table';

export const CHART_ANIMATION_MS = 1000;

type Point = AnalyticsOverview['engagement']['points'][number];

/**
 * A bucket's label in the interface's language. The server writes it in English ("Sun", "Mar 3", "Week of Mar 3"),
 * which English keeps as is; other languages write it again from the bucket's first day.
 */
function bucketLabel(point: Point): string {
  const locale = currentLocale();
  if (locale === 'en') return point.label;
  const day = new Date(`${point.start}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return point.label;
  const monthDay = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  if (point.label.startsWith('Week of ')) {
    return i18n.t('Week of {{date}}', { ns: 'analytics', date: monthDay.format(day) });
  }
  if (!/\d/.test(point.label)) {
    return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(day);
  }
  return monthDay.format(day);
}

/** 'Engagement Overview': interactions per day (per week for long ranges), with its data table. */
export function EngagementChart({
  engagement,
  animate = true,
}: {
  engagement: AnalyticsOverview['engagement'];
  /** Off when printed: the PDF is taken at once, before a 1-second animation would end. */
  animate?: boolean;
}) {
  const { t } = useTranslation('analytics');
  const weekly = engagement.bucket === 'week';
  const points = engagement.points.map((point) => ({ ...point, label: bucketLabel(point) }));
  return (
    <Card className="grid gap-3 p-5" data-keep-together="">
      <section aria-labelledby="engagement-overview-title" className="grid gap-3">
        <div>
          <h2 id="engagement-overview-title" className="font-semibold">
            {t('Engagement Overview')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {weekly
              ? t('Likes, comments, shares and saves per week.')
              : t('Likes, comments, shares and saves per day.')}
          </p>
        </div>
        <SizedChart
          className="h-64 w-full"
          label={
            weekly
              ? t('Engagement Overview: engagements per week')
              : t('Engagement Overview: engagements per day')
          }
        >
          {({ width, height }) => (
            <LineChart
              width={width}
              height={height}
              data={points}
              margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
              <XAxis dataKey="label" fontSize={12} minTickGap={12} />
              <YAxis fontSize={12} width={48} tickFormatter={(value: number) => formatCompact(value)} />
              <Tooltip formatter={(value) => formatFigure(value === undefined ? null : Number(value))} />
              <Line
                type="monotone"
                dataKey="engagements"
                name={t('Engagements')}
                stroke="#2563eb"
                strokeWidth={2}
                dot={engagement.points.length <= 31}
                connectNulls={false}
                animationDuration={CHART_ANIMATION_MS}
                isAnimationActive={animate}
              />
            </LineChart>
          )}
        </SizedChart>
        <ChartDataTable
          caption={t('Engagement Overview')}
          columns={[weekly ? t('Week') : t('Day'), t('Engagements'), t('Views')]}
          rows={points.map((point) => [
            `${point.label} (${point.start})`,
            formatFigure(point.engagements),
            formatFigure(point.views),
          ])}
        />
      </section>
    </Card>
  );
}
