import { ANALYTICS_MESSAGES, ENGAGEMENT_RATE_FORMULA } from '@relaycast/shared/analytics';
import { Link2Off } from 'lucide-react';
import { usePublicReport, usePublicReportOverview, useReportTopPosts } from '@/api/analytics-reports';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { EngagementChart } from './engagement-chart';
import { PlatformChart } from './platform-chart';
import { StatCards } from './stat-cards';
import { ReportTopPostsTable } from './top-posts-table';

/**
 * /r/<token>: one workspace's /analytics report, read-only and without signing in, for the filters the link was
 * made with: the four cards, both charts with their tables, top posts. An expired, revoked or unknown link shows
 * the server's message and no figure. `print` (the PDF renderer) draws the charts without animation and marks
 * the page ready once every figure is on it.
 */
export function SharedReport({ token, print }: { token: string; print: boolean }) {
  const report = usePublicReport(token);
  const overview = usePublicReportOverview(token, report.isSuccess);
  // The table's first page, shared with it through the query cache: the PDF waits for it too.
  const firstPosts = useReportTopPosts(token, { sort: 'views', order: 'desc', page: 1 });

  if (report.isPending) {
    return (
      <div className="flex min-h-48 items-center justify-center">
        <Spinner label="Loading report" />
      </div>
    );
  }
  if (report.isError) {
    return (
      <Card role="alert" className="mx-auto grid max-w-lg justify-items-center gap-3 p-10 text-center">
        <Link2Off aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-xl font-semibold">Report unavailable</h1>
        <p>{report.error instanceof ApiError ? report.error.message : ANALYTICS_MESSAGES.loadFailed}</p>
        <p className="text-sm text-muted-foreground">Ask the person who shared it for a new link.</p>
      </Card>
    );
  }

  const data = overview.data;
  const isReady = overview.isSuccess && (firstPosts.isSuccess || firstPosts.isError);
  return (
    <div className="grid gap-6 *:min-w-0" data-report-ready={isReady ? 'true' : undefined}>
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Analytics report</h1>
        <p className="text-sm text-muted-foreground">
          Read-only report shared from Relaycast.
          {print ? null : ` This link works until ${new Date(report.data.expiresAt).toLocaleString()}.`}
        </p>
        {report.data.demo ? (
          <p className="w-fit rounded bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">
            Demo data
          </p>
        ) : null}
      </header>
      {overview.isError ? (
        <p role="alert" className="rounded-lg border p-4 text-sm">
          {overview.error.message}
        </p>
      ) : null}
      {overview.isPending ? <Spinner label="Loading analytics" /> : null}
      {data ? (
        <>
          <StatCards cards={data.cards} />
          <p className="text-xs text-muted-foreground">
            {ENGAGEMENT_RATE_FORMULA} Days run from {data.range.from} to {data.range.to} (
            {data.range.timezone}); changes compare with {data.range.previousFrom} to {data.range.previousTo}.
          </p>
          <div className="grid gap-6 *:min-w-0 lg:grid-cols-2">
            <EngagementChart engagement={data.engagement} animate={!print} />
            <PlatformChart platforms={data.platforms} animate={!print} />
          </div>
        </>
      ) : null}
      <ReportTopPostsTable token={token} />
    </div>
  );
}
