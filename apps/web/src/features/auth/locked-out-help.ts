import { AUTH_MESSAGES, fillMessage } from '@relaycast/shared/messages';
import { i18n, translateMessage } from '@/i18n';

/**
 * "15 minutes", "42 seconds": how long to wait, in the interface's language (the shared `waitInWords` writes
 * English only).
 */
export function waitInWords(seconds: number): string {
  const t = i18n.getFixedT(null, 'auth');
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return t('{{count}} seconds', { count: whole });
  return t('{{count}} minutes', { count: Math.ceil(whole / 60) });
}

/** The help under a lock-out: when to try again, and the way in that no one else can block. */
export function lockedOutHelp(retryAfterSeconds: number | undefined): string {
  return fillMessage(translateMessage(AUTH_MESSAGES.lockedOutHelp), {
    minutes: waitInWords(retryAfterSeconds ?? 15 * 60),
  });
}
