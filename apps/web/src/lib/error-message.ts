import { GENERIC_MESSAGES } from '@relaycast/shared/messages';
import { translateMessage } from '@/i18n';

/** What to tell the user about a failed request: the server's message, else `fallback`. */
export function errorMessage(
  error: unknown,
  fallback: string = translateMessage(GENERIC_MESSAGES.internal),
): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
