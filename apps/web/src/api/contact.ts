import type { ContactInbox, ContactMessageInput, ContactReceipt } from '@relaycast/shared/contact';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/contact`: the public contact form's one client module, and the administrator's inbox of its messages. */

/** `POST /api/contact`: stores the message; answers 429 with a clear message past the rate limit. */
export function sendContactMessage(input: ContactMessageInput): Promise<ContactReceipt> {
  return apiFetch<ContactReceipt>('/api/contact', { method: 'POST', json: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

export const contactInboxKey = ['admin', 'contact-messages'] as const;

/** `GET /api/admin/contact-messages`: the form's messages, newest first, a page at a time (404 to non-administrators). */
export function useContactInbox(enabled = true) {
  return useInfiniteQuery({
    queryKey: contactInboxKey,
    queryFn: ({ pageParam }) =>
      apiFetch<ContactInbox>(
        pageParam === null
          ? '/api/admin/contact-messages'
          : `/api/admin/contact-messages?before=${pageParam}`,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
    enabled,
    retry: false,
  });
}
