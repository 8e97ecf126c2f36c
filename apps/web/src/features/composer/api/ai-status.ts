import type { AiStatus } from '@relaycast/shared/ai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const aiKeys = {
  status: ['ai', 'status'] as const,
  history: ['ai', 'history'] as const,
};

/** `GET /api/ai/status`: whether a provider is configured, and if not, how to set one up. */
export function getAiStatus(): Promise<AiStatus> {
  return apiFetch<AiStatus>('/api/ai/status');
}

export function useAiStatus() {
  return useQuery({ queryKey: aiKeys.status, queryFn: getAiStatus, staleTime: 30_000 });
}

/** After any AI request the usage count and the history have changed. */
export function useRefreshAi() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: aiKeys.status });
    void client.invalidateQueries({ queryKey: aiKeys.history });
  };
}
