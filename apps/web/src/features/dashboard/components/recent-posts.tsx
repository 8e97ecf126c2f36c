import { METRIC_LABELS, type PostMetric } from '@relaycast/shared/analytics';
import { DASHBOARD_MESSAGES, type DashboardRecent } from '@relaycast/shared/dashboard';
import { PLATFORMS } from '@relaycast/shared/platforms';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlatformIcon } from '@/components/platform-icon';
import { formatNumber } from '@/i18n';
import { formatRelative } from '@/lib/time-zone';
import { DashboardSection } from './dashboard-section';

const TEXT = DASHBOARD_MESSAGES;
/** The first figures shown per published post. */
const SHOWN: readonly PostMetric[] = ['views', 'likes', 'comments', 'shares'];

function Figures({ metrics }: { metrics: DashboardRecent['metrics'] }) {
  const { t } = useTranslation('dashboard');
  if (metrics === null) return <p className="text-xs text-muted-foreground italic">{t(TEXT.collecting)}</p>;
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
      {SHOWN.map((metric) => {
        const value = metrics[metric] ?? null;
        return (
          <div key={metric} className="flex gap-1">
            <dt className="text-muted-foreground">{t(METRIC_LABELS[metric])}</dt>
            <dd className={value === null ? 'text-muted-foreground' : 'font-medium tabular-nums'}>
              {value === null ? t(TEXT.notAvailable) : formatNumber(value)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The last published posts (one line per platform) with their first collected figures. */
export function RecentPosts({ targets }: { targets: DashboardRecent[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardSection
      id="dashboard-recent"
      title={t(TEXT.recentHeading)}
      link={{ to: '/analytics', label: t('Analytics') }}
    >
      {targets.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t(TEXT.noRecent)}</p>
      ) : (
        <ul className="divide-y">
          {targets.map((target) => (
            <li key={target.targetId} className="flex min-w-0 flex-col gap-1.5 px-2 py-2.5">
              <span className="flex min-w-0 items-center gap-2 text-sm">
                <PlatformIcon platform={target.platform} labelled className="size-3.5" />
                <Link
                  to={`/post-composer?post=${encodeURIComponent(target.postId)}`}
                  className="min-w-0 flex-1 truncate font-medium hover:underline"
                >
                  {target.excerpt || PLATFORMS[target.platform].name}
                </Link>
                {target.url ? (
                  <a
                    href={target.url}
                    target="_blank"
                    rel="noreferrer"
                    className="shrink-0 rounded p-0.5 text-primary hover:bg-muted"
                  >
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">
                      {t('View on {{platform}}', { platform: PLATFORMS[target.platform].name })}
                    </span>
                  </a>
                ) : null}
              </span>
              <span className="text-xs text-muted-foreground">
                {target.accountHandle ? `@${target.accountHandle.replace(/^@/, '')} · ` : ''}
                <time dateTime={target.publishedAt}>{formatRelative(target.publishedAt)}</time>
              </span>
              <Figures metrics={target.metrics} />
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
