import type { IngestPace, StreamSession } from '@relaycast/shared/streaming';
import { Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '@/i18n';

/** "×0.55": the speed against real time, in the interface's language. */
export function formatSpeed(speed: number): string {
  return `×${formatNumber(speed, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

type IngestVideo = NonNullable<StreamSession['ingestVideo']>;

/** Who encodes the studio's video (docs/decisions/0104-encode-once-in-the-browser.md), in plain words. */
function IngestVideoLine({ video }: { video: IngestVideo }) {
  const { t } = useTranslation('streaming');
  let text: string;
  if (video.mode === 'copy')
    text = t('Your browser encodes the video once; the server copies it to every destination.');
  else if (video.reason === 'codec')
    text = t('The server re-encodes the video: this browser cannot encode H.264 (Chrome and Edge can).');
  else if (video.reason === 'size' || video.reason === 'fps')
    text = t("The server re-encodes the video: the studio's picture differs from your stream settings.");
  else text = t('The server re-encodes the video to your stream settings.');
  return (
    <p className="text-xs text-muted-foreground" data-testid="ingest-video">
      {text}
    </p>
  );
}

/**
 * Does the stream keep up with real time? The server's figures for the browser's stream
 * (docs/decisions/0079-studio-encoder-honesty-and-pdf-header.md): its speed, how far it runs behind, and, once it
 * has stayed under real time for a few seconds, who is slow and what to do, in plain words.
 */
export function EncoderPace({ pace, video = null }: { pace: IngestPace; video?: IngestVideo | null }) {
  const { t } = useTranslation('streaming');
  const speed = pace.speed === null ? '–' : formatSpeed(pace.speed);
  return (
    <section aria-labelledby="encoder-pace-heading" className="grid gap-2 rounded-xl border bg-card p-4">
      <h2 id="encoder-pace-heading" className="flex items-center gap-2 text-sm font-semibold">
        <Gauge aria-hidden="true" className="size-4" />
        {t('Keeping up with real time')}
      </h2>
      {pace.fallingBehind ? (
        <div
          role="alert"
          className="grid gap-1 rounded-lg border border-amber-500/50 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <p className="font-medium">
            {pace.fallingBehind === 'encoder'
              ? t(
                  "Your server can't encode this fast enough: {{speed}} real time. Lower the resolution or frame rate.",
                  { speed },
                )
              : t(
                  'Your video reaches the server slower than real time: {{speed}}. Lower the resolution or frame rate, or check your connection.',
                  { speed },
                )}
          </p>
          <p>
            {t(
              'Viewers see the stream {{seconds}} s late, and what is still waiting when you end the stream is lost.',
              { seconds: formatNumber(Math.round(pace.behindSeconds)) },
            )}{' '}
            <Link to="/stream-settings" className="font-medium underline underline-offset-2">
              {t('Stream settings')}
            </Link>
          </p>
        </div>
      ) : null}
      <dl className="grid grid-cols-3 gap-x-4 gap-y-1 text-xs">
        <div>
          <dt className="text-muted-foreground">{t('Speed')}</dt>
          <dd className="font-medium tabular-nums">{speed}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('Behind')}</dt>
          <dd className="font-medium tabular-nums">
            {t('{{seconds}} s', { seconds: formatNumber(Math.round(pace.behindSeconds * 10) / 10) })}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('Waiting at the server')}</dt>
          <dd className="font-medium tabular-nums">
            {t('{{seconds}} s', { seconds: formatNumber(Math.round(pace.backlogSeconds * 10) / 10) })}
          </dd>
        </div>
      </dl>
      {video ? <IngestVideoLine video={video} /> : null}
    </section>
  );
}
