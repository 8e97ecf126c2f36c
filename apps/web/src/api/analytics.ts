import type { AnalyticsOverview } from '@relaycast/shared/analytics';
import type { AnalyticsActivity } from '@relaycast/shared/analytics-activity';
import type {
  AccountAnalytics,
  DemoWorkspaceResult,
  TopPostSort,
  TopPostsPage,
} from '@relaycast/shared/analytics-page';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/analytics…`: the one client module for the /analytics page, its export and the demo workspace. */

export interface AnalyticsFilters {
  range: '7d' | '30d' | '90d' | 'custom';
  from?: string;
  to?: string;
  /** One platform id, or undefined for all. */
  platform?: string;
  /** One account id, or undefined for all. */
  account?: string;
}

export interface TopPostsOrder {
  sort: TopPostSort;
  order: 'asc' | 'desc';
  page: number;
}

export function analyticsSearch(filters: AnalyticsFilters): URLSearchParams {
  const query = new URLSearchParams({ range: filters.range });
  if (filters.range === 'custom') {
    if (filters.from) query.set('from', filters.from);
    if (filters.to) query.set('to', filters.to);
  }
  if (filters.platform) query.set('platforms', filters.platform);
  if (filters.account) query.set('accounts', filters.account);
  return query;
}

export const analyticsKeys = {
  all: ['analytics'] as const,
  overview: (filters: AnalyticsFilters) => [...analyticsKeys.all, 'overview', filters] as const,
  topPosts: (filters: AnalyticsFilters, order: TopPostsOrder) =>
    [...analyticsKeys.all, 'top-posts', filters, order] as const,
  account: (id: string, filters: AnalyticsFilters) => [...analyticsKeys.all, 'account', id, filters] as const,
  activity: (filters: AnalyticsFilters) => [...analyticsKeys.all, 'activity', filters] as const,
};

/** A custom range is only asked for once both dates are chosen, in order (the filters say what is wrong). */
export function filtersComplete(filters: AnalyticsFilters): boolean {
  if (filters.range !== 'custom') return true;
  return Boolean(filters.from && filters.to && filters.from <= filters.to);
}

/** `GET /api/analytics/overview`: the four cards, the engagement line and the platform bars. */
export function useAnalyticsOverview(filters: AnalyticsFilters) {
  return useQuery({
    queryKey: analyticsKeys.overview(filters),
    queryFn: () => apiFetch<AnalyticsOverview>(`/api/analytics/overview?${analyticsSearch(filters)}`),
    enabled: filtersComplete(filters),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** `GET /api/analytics/activity`: Relaycast's own records in the range (posts, inbox, live streams). */
export function useAnalyticsActivity(filters: AnalyticsFilters) {
  return useQuery({
    queryKey: analyticsKeys.activity(filters),
    queryFn: () => apiFetch<AnalyticsActivity>(`/api/analytics/activity?${analyticsSearch(filters)}`),
    enabled: filtersComplete(filters),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** `GET /api/analytics/top-posts`: one page of published posts sorted by a figure. */
export function useTopPosts(filters: AnalyticsFilters, order: TopPostsOrder) {
  const query = analyticsSearch(filters);
  query.set('sort', order.sort);
  query.set('order', order.order);
  query.set('page', String(order.page));
  return useQuery({
    queryKey: analyticsKeys.topPosts(filters, order),
    queryFn: () => apiFetch<TopPostsPage>(`/api/analytics/top-posts?${query}`),
    enabled: filtersComplete(filters),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** `GET /api/analytics/accounts/:id`: one account's follower growth and totals. */
export function useAccountAnalytics(id: string | undefined, filters: AnalyticsFilters) {
  return useQuery({
    queryKey: analyticsKeys.account(id ?? '', filters),
    queryFn: () =>
      apiFetch<AccountAnalytics>(
        `/api/analytics/accounts/${encodeURIComponent(id ?? '')}?${analyticsSearch(filters)}`,
      ),
    enabled: Boolean(id) && filtersComplete(filters),
    retry: false,
  });
}

/** `GET /api/analytics/export.csv`: a plain link, so the browser downloads it with the session cookie. */
export function analyticsCsvUrl(filters: AnalyticsFilters): string {
  return `/api/analytics/export.csv?${analyticsSearch(filters)}`;
}

/**
 * `POST` and `DELETE /api/analytics/demo`: both switch workspace, so every cached server figure is dropped
 * (never a real figure shown as demo, nor the reverse).
 */
function switchedWorkspace(client: QueryClient) {
  client.removeQueries({ queryKey: analyticsKeys.all });
  return client.invalidateQueries();
}

export function useCreateDemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<DemoWorkspaceResult>('/api/analytics/demo', { method: 'POST' }),
    onSuccess: () => switchedWorkspace(client),
  });
}

export function useDeleteDemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<null>('/api/analytics/demo', { method: 'DELETE' }),
    onSuccess: () => switchedWorkspace(client),
  });
}
