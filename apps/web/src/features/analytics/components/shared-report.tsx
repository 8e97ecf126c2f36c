import { ANALYTICS_MESSAGES } from '@relaycast/shared/analytics';
import { Link2Off } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  usePublicReport,
  usePublicReportOverview,
  useReportLinkClicks,
  useReportTopPosts,
} from '@/api/analytics-reports';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { EngagementChart } from './engagement-chart';
import { PlatformChart } from './platform-chart';
import { RangeNote } from './range-note';
import { ReportHeader } from './report-header';
import { ReportLinkClicks } from './report-link-clicks';
import { StatCards } from './stat-cards';
import { ReportTopPostsTable } from './top-posts-table';

/**
 * /r/<token>: one workspace's /analytics report, read-only and without signing in, for the filters the link was
 * made with: the four cards, both charts with their tables, top posts, the short links' clicks. An expired, revoked or unknown link shows
 * the server's message and no figure. `print` (the PDF renderer) draws the charts without animation and marks
 * the page ready once every figure is on it.
 */
export function SharedReport({ token, print }: { token: string; print: boolean }) {
  const { t } = useTranslation('analytics');
  const report = usePublicReport(token);
  const overview = usePublicReportOverview(token, report.isSuccess);
  // The table's first page, shared with it through the query cache: the PDF waits for it too.
  const firstPosts = useReportTopPosts(token, { sort: 'views', order: 'desc', page: 1 });
  const linkClicks = useReportLinkClicks(token, report.isSuccess);

  if (report.isPending) {
    return (
      <div className="flex min-h-48 items-center justify-center">
        <Spinner label={t('Loading report')} />
      </div>
    );
  }
  if (report.isError) {
    return (
      <Card role="alert" className="mx-auto grid max-w-lg justify-items-center gap-3 p-10 text-center">
        <Link2Off aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-xl font-semibold">{t('Report unavailable')}</h1>
        <p>{report.error instanceof ApiError ? report.error.message : t(ANALYTICS_MESSAGES.loadFailed)}</p>
        <p className="text-sm text-muted-foreground">{t('Ask the person who shared it for a new link.')}</p>
      </Card>
    );
  }

  const data = overview.data;
  const isReady =
    overview.isSuccess &&
    (firstPosts.isSuccess || firstPosts.isError) &&
    (linkClicks.isSuccess || linkClicks.isError);
  return (
    <div className="report-sheet grid gap-6 *:min-w-0" data-report-ready={isReady ? 'true' : undefined}>
      <ReportHeader report={report.data} print={print} />
      {overview.isError ? (
        <p role="alert" className="rounded-lg border p-4 text-sm">
          {overview.error.message}
        </p>
      ) : null}
      {overview.isPending ? <Spinner label={t('Loading analytics')} /> : null}
      {data ? (
        <>
          <StatCards cards={data.cards} />
          <RangeNote range={data.range} />
          <div className="grid gap-6 *:min-w-0 lg:grid-cols-2">
            <EngagementChart engagement={data.engagement} animate={!print} />
            <PlatformChart platforms={data.platforms} animate={!print} />
          </div>
        </>
      ) : null}
      <ReportTopPostsTable token={token} />
      {linkClicks.data ? <ReportLinkClicks rows={linkClicks.data.rows} /> : null}
    </div>
  );
}
