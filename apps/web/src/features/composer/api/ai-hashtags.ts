import type { AiHashtagsResult } from '@relaycast/shared/ai';
import type { PlatformId } from '@relaycast/shared/platforms';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useRefreshAi } from './ai-status';

/** `POST /api/ai/hashtags`: suggestions for the current post text. */
export function suggestHashtags(input: { text: string; platform?: PlatformId }): Promise<AiHashtagsResult> {
  return apiFetch<AiHashtagsResult>('/api/ai/hashtags', { method: 'POST', json: input });
}

export function useAiHashtags() {
  return useMutation({ mutationFn: suggestHashtags, onSettled: useRefreshAi() });
}
