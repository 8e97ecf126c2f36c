import { DESTINATION_STATE_LABELS, type StreamSummary } from '@relaycast/shared/streaming';
import { Radio, Video } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStreamDetail, useStreamSessions } from '@/api/stream-sessions';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { currentLocale, formatNumber } from '@/i18n';
import { cn } from '@/lib/cn';
import { formatDuration } from '@/lib/format';
import { formatBitrate } from '../format';
import { BitrateChart } from './bitrate-chart';
import { SourceDrops } from './source-drops';
import { StreamHighlights } from './stream-highlights';
import { StreamViewers } from './stream-viewers';

function formatStart(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

function StatusMark({ summary }: { summary: StreamSummary }) {
  const { t } = useTranslation('streaming');
  if (summary.status === 'live' || summary.status === 'starting') {
    return (
      <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
        <Radio aria-hidden="true" className="size-3" />
        {t('LIVE')}
      </span>
    );
  }
  return (
    <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
      {summary.status === 'failed' ? t('Failed') : t('Ended')}
    </span>
  );
}

function Figures({ summary }: { summary: StreamSummary }) {
  const { t } = useTranslation('streaming');
  const figures = [
    [t('Duration'), formatDuration(summary.durationSeconds)],
    [t('Average bitrate'), formatBitrate(summary.avgBitrateKbps)],
    [t('Peak bitrate'), formatBitrate(summary.peakBitrateKbps)],
    [t('Dropped frames'), formatNumber(summary.droppedFrames)],
    [t('Reconnects'), formatNumber(summary.reconnects)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 2xl:grid-cols-5">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border p-3">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="mt-1 font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StreamDetailPanel({ summary }: { summary: StreamSummary }) {
  const { t } = useTranslation('streaming');
  const detail = useStreamDetail(summary.id);
  return (
    <section
      aria-labelledby="stream-detail-heading"
      className="grid gap-5 rounded-xl border bg-card p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="stream-detail-heading" className="text-lg font-semibold">
          {summary.title || t('Untitled stream')}
        </h2>
        <StatusMark summary={summary} />
        <span className="text-sm text-muted-foreground">
          {formatStart(summary.startedAt)} ·{' '}
          {summary.source === 'obs'
            ? 'OBS'
            : summary.source === 'media'
              ? t('Library video')
              : t('Browser studio')}
        </span>
      </div>
      <Figures summary={summary} />
      {detail.isPending ? (
        <Spinner label={t('Loading the bitrate chart')} />
      ) : detail.isError ? (
        <p className="text-sm text-destructive">
          {t('The chart could not be loaded: {{message}}', { message: detail.error.message })}
        </p>
      ) : (
        <>
          <BitrateChart detail={detail.data} />
          <SourceDrops drops={detail.data.sourceDrops} />
        </>
      )}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{t('Destinations of this stream')}</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('Destination')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('Last state')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('Average')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('Peak')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('Dropped')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('Reconnects')}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t('Viewers (peak / last)')}
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.destinations.map((d) => (
              <tr key={d.destinationId} className="border-t">
                <td className="py-2 pr-3 font-medium">{d.name}</td>
                <td className="py-2 pr-3">{t(DESTINATION_STATE_LABELS[d.finalState])}</td>
                <td className="py-2 pr-3 tabular-nums">{formatBitrate(d.avgBitrateKbps)}</td>
                <td className="py-2 pr-3 tabular-nums">{formatBitrate(d.peakBitrateKbps)}</td>
                <td className="py-2 pr-3 tabular-nums">{formatNumber(d.droppedFrames)}</td>
                <td className="py-2 pr-3 tabular-nums">{formatNumber(d.reconnects)}</td>
                <td className="py-2 tabular-nums">
                  <StreamViewers viewers={d.viewers} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {summary.status === 'ended' || summary.status === 'failed' ? (
        <StreamHighlights summary={summary} />
      ) : null}
    </section>
  );
}

/** /stream-analytics: past and current streams with their recorded figures; never sample data. */
export function StreamAnalytics() {
  const { t } = useTranslation('streaming');
  const sessions = useStreamSessions();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = sessions.data?.sessions ?? [];
  const selected = list.find((s) => s.id === selectedId) ?? list[0] ?? null;

  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Stream Analytics')}</h1>
          <p className="mt-2 text-muted-foreground">
            {t('How each stream and each destination held up, from the figures recorded live.')}
          </p>
        </div>
        <Button variant="outline" asChild>
          <Link to="/streaming">{t('Back to the studio')}</Link>
        </Button>
      </header>
      {sessions.isPending ? (
        <Spinner label={t('Loading your streams')} />
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('Your streams could not be loaded: {{message}}', { message: sessions.error.message })}
        </p>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
          <Video aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="mt-3 font-medium">{t('No streams yet')}</p>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">
            {t(
              "Go live from the studio or OBS; each stream's duration, bitrate, dropped frames and reconnects appear here.",
            )}
          </p>
          <Button className="mt-4" asChild>
            <Link to="/streaming">{t('Open the studio')}</Link>
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <nav aria-label={t('Streams')} className="min-w-0">
            <ul className="grid gap-2">
              {list.map((summary) => (
                <li key={summary.id}>
                  <button
                    type="button"
                    aria-current={selected?.id === summary.id ? 'true' : undefined}
                    onClick={() => setSelectedId(summary.id)}
                    className={cn(
                      'grid w-full min-w-0 gap-1 rounded-lg border p-3 text-left hover:bg-muted',
                      selected?.id === summary.id && 'border-primary ring-2 ring-primary',
                    )}
                  >
                    <span className="flex min-w-0 items-center justify-between gap-2">
                      <span className="min-w-0 truncate font-medium">
                        {summary.title || t('Untitled stream')}
                      </span>
                      <StatusMark summary={summary} />
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {formatStart(summary.startedAt)} · {formatDuration(summary.durationSeconds)} ·{' '}
                      {t('{{count}} destinations', { count: summary.destinations.length })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {selected ? <StreamDetailPanel key={selected.id} summary={selected} /> : null}
        </div>
      )}
    </div>
  );
}
