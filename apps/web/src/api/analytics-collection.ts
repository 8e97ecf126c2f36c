import type {
  AnalyticsBudget,
  AnalyticsBudgetInput,
  AnalyticsCollectStatus,
} from '@relaycast/shared/analytics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * `/api/analytics/budget` and `/api/analytics/collect-status`: the one client module for how the analytics
 * collector runs (the X read budget the owner sets, where each account's collection stands).
 */
export const analyticsCollectionKeys = {
  all: ['analytics-collection'] as const,
  budget: () => [...analyticsCollectionKeys.all, 'budget', 'twitter'] as const,
  status: () => [...analyticsCollectionKeys.all, 'status'] as const,
};

export function useAnalyticsBudget() {
  return useQuery({
    queryKey: analyticsCollectionKeys.budget(),
    queryFn: () => apiFetch<AnalyticsBudget>('/api/analytics/budget?platform=twitter'),
  });
}

export function useSaveAnalyticsBudget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AnalyticsBudgetInput) =>
      apiFetch<AnalyticsBudget>('/api/analytics/budget', { method: 'PUT', json: input }),
    onSuccess: (saved) => client.setQueryData(analyticsCollectionKeys.budget(), saved),
  });
}

export function useAnalyticsCollectStatus() {
  return useQuery({
    queryKey: analyticsCollectionKeys.status(),
    queryFn: () => apiFetch<AnalyticsCollectStatus>('/api/analytics/collect-status'),
  });
}
