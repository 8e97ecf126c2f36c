import type { AnalyticsOverview } from '@relaycast/shared/analytics';
import { PLATFORMS } from '@relaycast/shared/platforms';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { SizedChart } from '@/components/sized-chart';
import { Card } from '@/components/ui/card';
import { formatCompact, formatFigure } from '../format';
import { ChartDataTable } from './data-table';
import { CHART_ANIMATION_MS } from './engagement-chart';

/** 'Platform Distribution': engagements per platform over the range, with its data table. */
export function PlatformChart({
  platforms,
  animate = true,
}: {
  platforms: AnalyticsOverview['platforms'];
  /** Off when printed: the PDF is taken at once, before a 1-second animation would end. */
  animate?: boolean;
}) {
  const { t } = useTranslation('analytics');
  const rows = platforms.map((entry) => ({ ...entry, name: PLATFORMS[entry.platform].name }));
  return (
    <Card className="grid gap-3 p-5" data-keep-together="">
      <section aria-labelledby="platform-distribution-title" className="grid gap-3">
        <div>
          <h2 id="platform-distribution-title" className="font-semibold">
            {t('Platform Distribution')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('Engagements per platform over the range.')}</p>
        </div>
        {rows.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">
            {t('No figures for this range yet.')}
          </p>
        ) : (
          <SizedChart className="h-64 w-full" label={t('Platform Distribution: engagements per platform')}>
            {({ width, height }) => (
              <BarChart
                width={width}
                height={height}
                data={rows}
                margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
              >
                <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
                <XAxis dataKey="name" fontSize={12} />
                <YAxis fontSize={12} width={48} tickFormatter={(value: number) => formatCompact(value)} />
                <Tooltip formatter={(value) => formatFigure(value === undefined ? null : Number(value))} />
                <Bar
                  dataKey="engagements"
                  name={t('Engagements')}
                  fill="#7c3aed"
                  radius={[4, 4, 0, 0]}
                  animationDuration={CHART_ANIMATION_MS}
                  isAnimationActive={animate}
                />
              </BarChart>
            )}
          </SizedChart>
        )}
        <ChartDataTable
          caption={t('Platform Distribution')}
          columns={[t('Platform'), t('Engagements'), t('Followers'), t('Posts published')]}
          rows={rows.map((row) => [
            row.name,
            formatFigure(row.engagements),
            formatFigure(row.followers),
            formatFigure(row.posts),
          ])}
        />
      </section>
    </Card>
  );
}
