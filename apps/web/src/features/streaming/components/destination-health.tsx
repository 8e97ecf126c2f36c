import { DESTINATION_STATE_LABELS, type DestinationStatus } from '@relaycast/shared/streaming';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/i18n';
import { cn } from '@/lib/cn';
import { formatDuration } from '@/lib/format';
import { formatBitrate, formatFps } from '../format';

const STATE_STYLES: Record<DestinationStatus['state'], string> = {
  idle: 'bg-muted text-muted-foreground',
  connecting: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  live: 'bg-red-600 text-white',
  retrying: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  failed: 'bg-destructive text-white',
  stopped: 'bg-muted text-muted-foreground',
};

/** One destination's live state (connecting, live, retrying, failed with its reason) and health figures. */
export function DestinationHealth({ status }: { status: DestinationStatus }) {
  const { t } = useTranslation('streaming');
  const health = status.health;
  return (
    <div className="grid grid-cols-1 gap-2">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATE_STYLES[status.state])}>
          {t(DESTINATION_STATE_LABELS[status.state])}
        </span>
        {status.state === 'retrying' && status.retryInSeconds !== null ? (
          <span className="text-muted-foreground">
            {t('next try in {{seconds}} s', { seconds: Math.ceil(status.retryInSeconds) })}
          </span>
        ) : null}
        {status.reconnects > 0 ? (
          <span className="text-muted-foreground">
            {t('{{count}} reconnects', { count: status.reconnects })}
          </span>
        ) : null}
      </p>
      {status.reason && (status.state === 'failed' || status.state === 'retrying') ? (
        <p className="text-sm text-destructive">{status.reason}</p>
      ) : null}
      {health ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">{t('Bitrate')}</dt>
            <dd className="font-medium tabular-nums">{formatBitrate(health.bitrateKbps)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('Frame rate')}</dt>
            <dd className="font-medium tabular-nums">{formatFps(health.fps)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('Dropped')}</dt>
            <dd className="font-medium tabular-nums">{formatNumber(health.droppedFrames)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('Uptime')}</dt>
            <dd className="font-medium tabular-nums">{formatDuration(health.uptimeSeconds)}</dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}
