import type { AiIdeasResult } from '@relaycast/shared/ai';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useRefreshAi } from './ai-status';

/** `POST /api/ai/ideas`: three post ideas from an article the server fetches. */
export function ideasFromUrl(url: string): Promise<AiIdeasResult> {
  return apiFetch<AiIdeasResult>('/api/ai/ideas', { method: 'POST', json: { url } });
}

export function useAiIdeas() {
  return useMutation({ mutationFn: ideasFromUrl, onSettled: useRefreshAi() });
}
