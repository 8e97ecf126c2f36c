import type {
  AiGenerateInput,
  AiHashtagsResult,
  AiHistoryEntry,
  AiIdeasResult,
  AiSettings,
  AiSettingsInput,
  AiStatus,
  AiStreamEvent,
  AiTextResult,
  AiTransformInput,
} from '@relaycast/shared/ai';
import type { AiImageInput, AiImageStatus } from '@relaycast/shared/ai-images';
import type { MediaItem } from '@relaycast/shared/media';
import type { PlatformId } from '@relaycast/shared/platforms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, toApiError } from '@/lib/api-client';
import { MEDIA_QUERY_KEY } from './media';

/** `/api/ai…`: the one client module for the AI assistant and the workspace's AI settings. */
export const aiKeys = {
  status: ['ai', 'status'] as const,
  history: ['ai', 'history'] as const,
  settings: ['ai', 'settings'] as const,
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

/** `GET /api/ai/history`: the workspace's recent generations. */
export function getAiHistory(): Promise<{ items: AiHistoryEntry[] }> {
  return apiFetch<{ items: AiHistoryEntry[] }>('/api/ai/history');
}

export function useAiHistory(enabled: boolean) {
  return useQuery({ queryKey: aiKeys.history, queryFn: getAiHistory, enabled });
}

/** `POST /api/ai/hashtags`: suggestions for the current post text. */
export function suggestHashtags(input: { text: string; platform?: PlatformId }): Promise<AiHashtagsResult> {
  return apiFetch<AiHashtagsResult>('/api/ai/hashtags', { method: 'POST', json: input });
}

export function useAiHashtags() {
  return useMutation({ mutationFn: suggestHashtags, onSettled: useRefreshAi() });
}

/** `POST /api/ai/ideas`: three post ideas from an article the server fetches. */
export function ideasFromUrl(url: string): Promise<AiIdeasResult> {
  return apiFetch<AiIdeasResult>('/api/ai/ideas', { method: 'POST', json: { url } });
}

export function useAiIdeas() {
  return useMutation({ mutationFn: ideasFromUrl, onSettled: useRefreshAi() });
}

/** `POST /api/ai/transform`: shorten, expand, rephrase, fix grammar, translate or change the tone of text. */
export function transformText(input: AiTransformInput): Promise<AiTextResult> {
  return apiFetch<AiTextResult>('/api/ai/transform', { method: 'POST', json: input });
}

export function useAiTransform() {
  return useMutation({ mutationFn: transformText, onSettled: useRefreshAi() });
}

/**
 * `POST /api/ai/generate`: Server-Sent Events read from the fetch body as they arrive (EventSource cannot
 * POST). Aborting `signal` closes the request, and the server then cancels the provider's.
 */
export async function streamGeneration(
  input: AiGenerateInput,
  onEvent: (event: AiStreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch('/api/ai/generate', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(input),
    signal,
  });
  if (!response.ok || !response.body) {
    const body = await response.json().catch(() => ({}));
    throw toApiError('/api/ai/generate', response.status, body, response.statusText);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let boundary = buffer.indexOf('\n\n');
    while (boundary !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      if (block.startsWith('data: ')) onEvent(JSON.parse(block.slice(6)) as AiStreamEvent);
      boundary = buffer.indexOf('\n\n');
    }
  }
}

/** `GET /api/ai/settings` and `PUT /api/ai/settings` (owners and admins): the workspace's AI provider. */
export function useAiSettings() {
  return useQuery({ queryKey: aiKeys.settings, queryFn: () => apiFetch<AiSettings>('/api/ai/settings') });
}

export function useSaveAiSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AiSettingsInput) =>
      apiFetch<AiSettings>('/api/ai/settings', { method: 'PUT', json: input }),
    onSuccess: (saved) => {
      client.setQueryData(aiKeys.settings, saved);
      // The assistant's status (configured or not) depends on these settings.
      void client.invalidateQueries({ queryKey: aiKeys.status });
    },
  });
}

/** `GET /api/ai/images/status`: whether the workspace's provider makes images, and if not, what to set. */
export function useAiImageStatus() {
  return useQuery({
    queryKey: ['ai', 'images', 'status'] as const,
    queryFn: () => apiFetch<AiImageStatus>('/api/ai/images/status'),
    staleTime: 30_000,
  });
}

/** `POST /api/ai/images`: one image from a prompt, added to the media library (which is refreshed). */
export function useGenerateAiImage() {
  const client = useQueryClient();
  const refreshAi = useRefreshAi();
  return useMutation({
    mutationFn: (input: AiImageInput) =>
      apiFetch<MediaItem>('/api/ai/images', { method: 'POST', json: input }),
    onSettled: () => {
      refreshAi();
      void client.invalidateQueries({ queryKey: MEDIA_QUERY_KEY });
    },
  });
}
