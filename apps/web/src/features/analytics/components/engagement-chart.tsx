import type { AnalyticsOverview } from '@relaycast/shared/analytics';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '@/components/ui/card';
import { formatCompact, formatFigure } from '../format';
import { ChartDataTable } from './data-table';

export const CHART_ANIMATION_MS = 1000;

/** 'Engagement Overview': interactions per day (per week for long ranges), with its data table. */
export function EngagementChart({
  engagement,
  animate = true,
}: {
  engagement: AnalyticsOverview['engagement'];
  /** Off when printed: the PDF is taken at once, before a 1-second animation would end. */
  animate?: boolean;
}) {
  const unit = engagement.bucket === 'week' ? 'week' : 'day';
  return (
    <Card className="grid gap-3 p-5">
      <section aria-labelledby="engagement-overview-title" className="grid gap-3">
        <div>
          <h2 id="engagement-overview-title" className="font-semibold">
            Engagement Overview
          </h2>
          <p className="text-sm text-muted-foreground">Likes, comments, shares and saves per {unit}.</p>
        </div>
        <div className="h-64 w-full" role="img" aria-label={`Engagement Overview: engagements per ${unit}`}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={engagement.points} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
              <XAxis dataKey="label" fontSize={12} minTickGap={12} />
              <YAxis fontSize={12} width={48} tickFormatter={(value: number) => formatCompact(value)} />
              <Tooltip formatter={(value) => formatFigure(value === undefined ? null : Number(value))} />
              <Line
                type="monotone"
                dataKey="engagements"
                name="Engagements"
                stroke="#2563eb"
                strokeWidth={2}
                dot={engagement.points.length <= 31}
                connectNulls={false}
                animationDuration={CHART_ANIMATION_MS}
                isAnimationActive={animate}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <ChartDataTable
          caption="Engagement Overview"
          columns={[unit === 'week' ? 'Week' : 'Day', 'Engagements', 'Views']}
          rows={engagement.points.map((point) => [
            `${point.label} (${point.start})`,
            formatFigure(point.engagements),
            formatFigure(point.views),
          ])}
        />
      </section>
    </Card>
  );
}
