import type { ContactMessageInput, ContactReceipt } from '@relaycast/shared/contact';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/contact`: the public contact form's one client module. */

/** `POST /api/contact`: stores the message; answers 429 with a clear message past the rate limit. */
export function sendContactMessage(input: ContactMessageInput): Promise<ContactReceipt> {
  return apiFetch<ContactReceipt>('/api/contact', { method: 'POST', json: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
