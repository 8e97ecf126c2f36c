import type { EngagementMetrics } from '@relaycast/shared/engagement';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const engagementMetricsKey = (days: number) => ['engagement', 'metrics', days] as const;

/** `GET /api/engagement/metrics?days=`: the workspace's engagement over the period. */
export function useEngagementMetrics(days: number) {
  return useQuery({
    queryKey: engagementMetricsKey(days),
    queryFn: () => apiFetch<EngagementMetrics>(`/api/engagement/metrics?days=${days}`),
    retry: false,
  });
}
