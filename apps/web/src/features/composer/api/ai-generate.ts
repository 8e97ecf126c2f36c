import type { AiGenerateInput, AiStreamEvent } from '@relaycast/shared/ai';
import type { ApiErrorBody } from '@relaycast/shared/messages';
import { ApiError } from '@/lib/api-client';

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
    const body = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
    throw new ApiError(response.status, body.code ?? 'HTTP_ERROR', body.message ?? response.statusText);
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
