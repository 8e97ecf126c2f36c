import type { AiTextResult, AiTransformInput } from '@relaycast/shared/ai';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useRefreshAi } from './ai-status';

/** `POST /api/ai/transform`: shorten, expand, rephrase, fix grammar, translate or change the tone of text. */
export function transformText(input: AiTransformInput): Promise<AiTextResult> {
  return apiFetch<AiTextResult>('/api/ai/transform', { method: 'POST', json: input });
}

export function useAiTransform() {
  return useMutation({ mutationFn: transformText, onSettled: useRefreshAi() });
}
