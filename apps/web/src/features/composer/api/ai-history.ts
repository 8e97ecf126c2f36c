import type { AiHistoryEntry } from '@relaycast/shared/ai';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { aiKeys } from './ai-status';

/** `GET /api/ai/history`: the workspace's recent generations. */
export function getAiHistory(): Promise<{ items: AiHistoryEntry[] }> {
  return apiFetch<{ items: AiHistoryEntry[] }>('/api/ai/history');
}

export function useAiHistory(enabled: boolean) {
  return useQuery({ queryKey: aiKeys.history, queryFn: getAiHistory, enabled });
}
