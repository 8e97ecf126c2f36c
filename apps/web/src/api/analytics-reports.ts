import type { AnalyticsOverview } from '@relaycast/shared/analytics';
import type { TopPostsPage } from '@relaycast/shared/analytics-page';
import type {
  CreatedReportLink,
  CreateReportLinkInput,
  PublicReport,
  ReportLinkList,
  ReportScheduleInput,
  ReportScheduleState,
} from '@relaycast/shared/analytics-report';
import type { ShortLinkClickReport } from '@relaycast/shared/short-links';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, toApiError } from '@/lib/api-client';
import { type AnalyticsFilters, analyticsSearch, type TopPostsOrder } from './analytics';

/**
 * `/api/analytics/report-links`, `/api/reports/:token…` and `/api/analytics/report.pdf`: read-only report links
 * (made, listed and revoked on /analytics; opened without a session on /r/<token>) and the PDF report.
 */

export const reportKeys = {
  links: ['analytics-report-links'] as const,
  schedule: ['analytics-report-schedule'] as const,
  report: (token: string) => ['analytics-report', token] as const,
  overview: (token: string) => ['analytics-report', token, 'overview'] as const,
  topPosts: (token: string, order: TopPostsOrder) => ['analytics-report', token, 'top-posts', order] as const,
  linkClicks: (token: string) => ['analytics-report', token, 'link-clicks'] as const,
};

export function useReportLinks() {
  return useQuery({
    queryKey: reportKeys.links,
    queryFn: () => apiFetch<ReportLinkList>('/api/analytics/report-links'),
    retry: false,
  });
}

export function useCreateReportLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReportLinkInput) =>
      apiFetch<CreatedReportLink>('/api/analytics/report-links', { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.links }),
  });
}

export function useRevokeReportLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<null>(`/api/analytics/report-links/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.links }),
  });
}

/** The page's filters as a link's filters (the same names the analytics reads take). */
export function reportFiltersOf(filters: AnalyticsFilters): CreateReportLinkInput['filters'] {
  return Object.fromEntries(analyticsSearch(filters)) as CreateReportLinkInput['filters'];
}

const publicPath = (token: string) => `/api/reports/${encodeURIComponent(token)}`;

/** The link itself: its filters and expiry, or an ApiError whose message says expired, revoked or unknown. */
export function usePublicReport(token: string) {
  return useQuery({
    queryKey: reportKeys.report(token),
    queryFn: () => apiFetch<PublicReport>(publicPath(token)),
    retry: false,
  });
}

export function usePublicReportOverview(token: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.overview(token),
    queryFn: () => apiFetch<AnalyticsOverview>(`${publicPath(token)}/overview`),
    enabled,
    retry: false,
  });
}

export function useReportTopPosts(token: string, order: TopPostsOrder) {
  const query = new URLSearchParams({ sort: order.sort, order: order.order, page: String(order.page) });
  return useQuery({
    queryKey: reportKeys.topPosts(token, order),
    queryFn: () => apiFetch<TopPostsPage>(`${publicPath(token)}/top-posts?${query}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The report's short-link clicks over its days (the PDF prints them too). */
export function useReportLinkClicks(token: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.linkClicks(token),
    queryFn: () => apiFetch<Pick<ShortLinkClickReport, 'rows'>>(`${publicPath(token)}/link-clicks`),
    enabled,
    retry: false,
  });
}

/**
 * `GET /api/analytics/report.pdf`: fetched (the server takes a few seconds to print it) and handed to the
 * browser as a download, so a 503 ("needs Chromium", "busy") is a message instead of a saved error page.
 */
export function useDownloadPdf() {
  return useMutation({
    mutationFn: async ({ filters, client }: { filters: AnalyticsFilters; client?: string }) => {
      const search = analyticsSearch(filters);
      if (client) search.set('client', client);
      const response = await fetch(`/api/analytics/report.pdf?${search}`, {
        credentials: 'include',
      });
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        throw toApiError(
          response.url || '/api/analytics/report.pdf',
          response.status,
          body,
          response.statusText,
        );
      }
      const name =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
        'relaycast-analytics.pdf';
      const url = URL.createObjectURL(await response.blob());
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = name;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}

/** `/api/analytics/report-schedule`: the workspace's weekly or monthly report e-mails. */
export function useReportSchedule() {
  return useQuery({
    queryKey: reportKeys.schedule,
    queryFn: () => apiFetch<ReportScheduleState>('/api/analytics/report-schedule'),
    retry: false,
  });
}

export function useSaveReportSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportScheduleInput) =>
      apiFetch<ReportScheduleState>('/api/analytics/report-schedule', { method: 'PUT', json: input }),
    onSuccess: (state) => client.setQueryData(reportKeys.schedule, state),
  });
}

export function useStopReportSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<null>('/api/analytics/report-schedule', { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.schedule }),
  });
}
