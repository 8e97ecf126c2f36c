import { ApiError } from './api-client';
import { errorMessage } from './error-message';
import { isSessionExpiry } from './session-expiry';
import { toast } from './toast';

type ToastOptions = NonNullable<Parameters<typeof toast.error>[1]>;

export interface ShowErrorOptions extends ToastOptions {
  /**
   * Shown as the toast's title with the server's message under it ("The clip could not be exported." and
   * why); `fallback` is then the title too when the error says nothing more.
   */
  title?: string;
}

/**
 * Toasts a failed action: the one way the web app shows an error (docs/conventions.md, "Errors, one registry").
 * Nothing is shown for the 401 that ended the session: the sign-in page says so (lib/session-expiry.ts).
 *
 *   save.mutate(values, { onError: (error) => showError(error, t('Could not save the post.')) });
 */
export function showError(error: unknown, fallback?: string, options: ShowErrorOptions = {}): void {
  if (error instanceof ApiError && error.status === 401 && isSessionExpiry(error.path)) return;
  const { title, ...toastOptions } = options;
  if (title) {
    const description = error instanceof ApiError ? errorMessage(error, '') : '';
    toast.error(title, { ...toastOptions, description: description || undefined });
    return;
  }
  toast.error(errorMessage(error, fallback), toastOptions);
}

/**
 * Waits for an action (a mutation), then toasts `success`, or the server's message when it was refused.
 * Resolves to whether it succeeded, so the caller can go on only then.
 */
export async function toastOutcome(action: Promise<unknown>, success: string): Promise<boolean> {
  try {
    await action;
    toast.success(success);
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}
