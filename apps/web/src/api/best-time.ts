import type { BestTimeResponse, SuggestionsResponse } from '@relaycast/shared/best-time-api';
import type { PlatformId } from '@relaycast/shared/platforms';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/best-time…`: the best-time heatmap and the suggested slots (composer, calendar, queue). */

export interface BestTimeParams {
  accountId?: string;
  platform?: PlatformId;
  timeZone: string;
}

export interface SuggestionParams {
  from: string;
  to: string;
  accountIds?: readonly string[];
  platforms?: readonly PlatformId[];
  timeZone: string;
}

export const bestTimeKeys = {
  all: ['best-time'] as const,
  heatmap: (params: BestTimeParams) => [...bestTimeKeys.all, 'heatmap', params] as const,
  suggestions: (params: SuggestionParams) => [...bestTimeKeys.all, 'suggestions', params] as const,
};

function query(entries: Record<string, string | readonly string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(entries)) {
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : value.join(',');
    if (text) search.set(key, text);
  }
  return search.toString();
}

export function fetchBestTime(params: BestTimeParams): Promise<BestTimeResponse> {
  return apiFetch<BestTimeResponse>(
    `/api/best-time?${query({ accountId: params.accountId, platform: params.platform, timezone: params.timeZone })}`,
  );
}

export function fetchSuggestions(params: SuggestionParams): Promise<SuggestionsResponse> {
  return apiFetch<SuggestionsResponse>(
    `/api/best-time/suggestions?${query({
      from: params.from,
      to: params.to,
      accountIds: params.accountIds,
      platforms: params.platforms,
      timezone: params.timeZone,
    })}`,
  );
}

/** `GET /api/best-time`: the 168 hours of one account (or platform, or the whole workspace). */
export function useBestTime(params: BestTimeParams) {
  return useQuery({ queryKey: bestTimeKeys.heatmap(params), queryFn: () => fetchBestTime(params) });
}

/** `GET /api/best-time/suggestions`: the free suggested slots in a range. */
export function useSuggestedSlots(params: SuggestionParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: bestTimeKeys.suggestions(params),
    queryFn: () => fetchSuggestions(params),
    staleTime: 60_000,
    ...options,
  });
}
