import { DASHBOARD_MESSAGES } from '@relaycast/shared/dashboard';
import { useTranslation } from 'react-i18next';
import { useDashboard } from '@/api/dashboard';
import { Spinner } from '@/components/ui/spinner';
import { NeedsAttention } from './needs-attention';
import { RecentPosts } from './recent-posts';
import { UpcomingPosts } from './upcoming-posts';
import { WeekNumbers } from './week-numbers';

/** The user's own state on /dashboard (docs/decisions/0027-onboarding.md): the week, what is next, what went out, what needs them. */
export function YourState() {
  const { t } = useTranslation('dashboard');
  const dashboard = useDashboard();
  if (dashboard.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  }
  if (dashboard.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t(DASHBOARD_MESSAGES.loadFailed)}
      </p>
    );
  }
  const data = dashboard.data;
  const needsYou = data.attention.length > 0 || data.reconnect.length > 0;
  const attention = (
    <NeedsAttention items={data.attention} total={data.attentionTotal} reconnect={data.reconnect} />
  );
  return (
    <div className="grid min-w-0 gap-6">
      {needsYou ? attention : null}
      <WeekNumbers week={data.week} />
      <div className="grid gap-6 lg:grid-cols-2">
        <UpcomingPosts posts={data.upcoming} />
        <RecentPosts targets={data.recent} />
      </div>
      {needsYou ? null : attention}
    </div>
  );
}
