import { GENERIC_MESSAGES } from '@relaycast/shared/messages';

/** What to tell the user about a failed request: the server's message, else `fallback`. */
export function errorMessage(error: unknown, fallback: string = GENERIC_MESSAGES.internal): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
