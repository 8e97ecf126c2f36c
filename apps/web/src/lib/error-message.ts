import { GENERIC_MESSAGES } from '@relaycast/shared/messages';
import { translateMessage } from '@/i18n';
import { ApiError } from './api-client';

/**
 * What to tell the user about a failed request, in the interface's language: the one place that turns an API
 * error into a message (docs/decisions/0063-errors.md). A refusal the server worded (every code of
 * packages/shared/src/errors.ts) shows its message, translated by ApiError; an answer that is not the API's
 * (a proxy's error page: no code) and an error without a message show `fallback`. The code registry itself is
 * not imported here: it would bring every module's messages into the first page's JavaScript.
 */
export function errorMessage(
  error: unknown,
  fallback: string = translateMessage(GENERIC_MESSAGES.internal),
): string {
  if (error instanceof ApiError)
    return error.code !== 'HTTP_ERROR' && error.message ? error.message : fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}
