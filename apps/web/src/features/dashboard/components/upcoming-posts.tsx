import { DASHBOARD_MESSAGES, type DashboardUpcoming } from '@relaycast/shared/dashboard';
import { PLATFORMS } from '@relaycast/shared/platforms';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTimeZone } from '@/api/settings';
import { PlatformIcon } from '@/components/platform-icon';
import { formatInstant } from '@/lib/time-zone';
import { DashboardSection } from './dashboard-section';

const TEXT = DASHBOARD_MESSAGES;

/** The next scheduled posts, each at its time in the user's time zone, opening the composer. */
export function UpcomingPosts({ posts }: { posts: DashboardUpcoming[] }) {
  const { t } = useTranslation('dashboard');
  const timeZone = useTimeZone();
  return (
    <DashboardSection
      id="dashboard-upcoming"
      title={t(TEXT.upcomingHeading)}
      link={{ to: '/calendar', label: t(TEXT.viewCalendar) }}
    >
      {posts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t(TEXT.noUpcoming)}</p>
      ) : (
        <ul className="divide-y">
          {posts.map((post) => (
            <li key={post.postId}>
              <Link
                to={`/post-composer?post=${encodeURIComponent(post.postId)}`}
                className="flex min-w-0 flex-col gap-1 rounded-md px-2 py-2.5 hover:bg-muted"
              >
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                  <time dateTime={post.scheduledAt} className="font-medium tabular-nums">
                    {formatInstant(post.scheduledAt, timeZone)}
                  </time>
                  <span className="flex items-center gap-1">
                    {post.platforms.map((platform) => (
                      <PlatformIcon key={platform} platform={platform} labelled className="size-3.5" />
                    ))}
                  </span>
                </span>
                <span className="truncate text-sm text-muted-foreground">
                  {post.excerpt || post.platforms.map((p) => PLATFORMS[p].name).join(', ')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
