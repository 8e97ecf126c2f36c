import type { StreamDetail } from '@relaycast/shared/streaming';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { SizedChart } from '@/components/sized-chart';
import { formatNumber } from '@/i18n';
import { formatDuration } from '@/lib/format';
import { mergeBitrateSeries } from '../bitrate-series';

const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#4b5563'];

/**
 * Bitrate over time, one line per destination, from the figures the server recorded while live. The chart is
 * drawn at its box's measured size, and only once it has one (never at 0×0 while the page is hidden or laid out).
 */
export function BitrateChart({ detail }: { detail: StreamDetail }) {
  const { t } = useTranslation('streaming');
  const rows = mergeBitrateSeries(detail.series);
  if (rows.length === 0) {
    return (
      <p className="py-8 text-center text-sm text-muted-foreground">
        {t('No bitrate figures were recorded for this stream.')}
      </p>
    );
  }
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm font-medium">{t('Bitrate over time (kbps)')}</figcaption>
      <SizedChart
        className="h-72 w-full"
        label={t('Bitrate over time for {{destinations}}', {
          destinations: detail.series.map((s) => s.name).join(', '),
        })}
      >
        {({ width, height }) => (
          <LineChart
            width={width}
            height={height}
            data={rows}
            margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
            <XAxis
              dataKey="t"
              type="number"
              domain={['dataMin', 'dataMax']}
              tickFormatter={(t: number) => formatDuration(t)}
              fontSize={12}
            />
            <YAxis fontSize={12} width={56} />
            <Tooltip
              labelFormatter={(t) => formatDuration(Number(t))}
              formatter={(value) =>
                value === null || value === undefined
                  ? '–'
                  : `${formatNumber(Math.round(Number(value)), { useGrouping: false })} kbps`
              }
            />
            <Legend />
            {detail.series.map((line, index) => (
              <Line
                key={line.destinationId}
                type="monotone"
                dataKey={line.destinationId}
                name={line.name}
                stroke={COLORS[index % COLORS.length]}
                dot={false}
                strokeWidth={2}
                isAnimationActive={false}
                connectNulls={false}
              />
            ))}
          </LineChart>
        )}
      </SizedChart>
    </figure>
  );
}
