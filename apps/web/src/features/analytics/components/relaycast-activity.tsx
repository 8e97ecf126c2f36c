import { type AnalyticsActivity, formatLiveDuration } from '@relaycast/shared/analytics-activity';
import { PLATFORMS } from '@relaycast/shared/platforms';
import { Inbox, Radio, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnalyticsFilters, useAnalyticsActivity } from '@/api/analytics';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { i18n } from '@/i18n';
import { formatFigure } from '../format';

function Facts({ title, icon, facts }: { title: string; icon: ReactNode; facts: [string, string][] }) {
  return (
    <Card className="p-5">
      <section aria-label={title}>
        <div className="flex items-center justify-between text-sm font-medium text-muted-foreground">
          <h3>{title}</h3>
          <span aria-hidden="true">{icon}</span>
        </div>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1.5 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="text-right font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </Card>
  );
}

function minutes(value: number | null): string {
  if (value === null) return i18n.t('no replies yet', { ns: 'analytics' });
  return value < 90
    ? i18n.t('{{minutes}} min', { ns: 'analytics', minutes: formatFigure(Math.round(value)) })
    : formatLiveDuration(value * 60);
}

function ActivityCards({ activity }: { activity: AnalyticsActivity }) {
  const { t } = useTranslation('analytics');
  const { posts, engagement, streams } = activity;
  return (
    <div className="grid gap-3 md:grid-cols-3">
      <Facts
        title={t('Posts')}
        icon={<Send className="size-4" />}
        facts={[
          [t('Published'), formatFigure(posts.published)],
          [t('Failed'), formatFigure(posts.failed)],
          ...posts.byPlatform.map((row): [string, string] => [
            PLATFORMS[row.platform].name,
            t('{{count}} published', { count: row.published, published: formatFigure(row.published) }),
          ]),
        ]}
      />
      <Facts
        title={t('Inbox')}
        icon={<Inbox className="size-4" />}
        facts={[
          [t('Received'), formatFigure(engagement.itemsReceived)],
          [t('Answered'), formatFigure(engagement.itemsAnswered)],
          [t('Median first reply'), minutes(engagement.medianResponseMinutes)],
          [
            t('Likes · replies · messages sent'),
            `${engagement.likes} · ${engagement.replies} · ${engagement.messages}`,
          ],
        ]}
      />
      <Facts
        title={t('Live streams')}
        icon={<Radio className="size-4" />}
        facts={[
          [t('Streams'), formatFigure(streams.count)],
          [t('Failed'), formatFigure(streams.failed)],
          [t('Time live'), formatLiveDuration(streams.liveSeconds)],
          [
            t('Peak bitrate'),
            streams.peakBitrateKbps === null
              ? t('no samples')
              : t('{{kbps}} kbps', { kbps: formatFigure(Math.round(streams.peakBitrateKbps)) }),
          ],
          [t('Destinations'), formatFigure(streams.destinations)],
          [
            t('Peak viewers'),
            streams.peakViewers === null ? t('not available') : formatFigure(streams.peakViewers),
          ],
        ]}
      />
    </div>
  );
}

/**
 * "Through Relaycast": what the workspace did with Relaycast in the range, from its own records (docs/analytics.md),
 * next to the figures the platforms give.
 */
export function RelaycastActivity({ filters }: { filters: AnalyticsFilters }) {
  const { t } = useTranslation('analytics');
  const activity = useAnalyticsActivity(filters);
  return (
    <section aria-labelledby="relaycast-activity" className="grid gap-3">
      <div>
        <h2 id="relaycast-activity" className="text-lg font-semibold">
          {t('Through Relaycast')}
        </h2>
        <p className="text-xs text-muted-foreground">
          {t(
            'From Relaycast’s own records for the same days: posts it published, the inbox, and your live streams (streams are not filtered by platform or account).',
          )}
        </p>
      </div>
      {activity.isPending ? (
        <Spinner label={t('Loading Relaycast activity')} />
      ) : activity.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {activity.error.message}
        </p>
      ) : (
        <ActivityCards activity={activity.data} />
      )}
    </section>
  );
}
