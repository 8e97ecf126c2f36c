import type { MailStatus } from '@relaycast/shared/mail';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * `GET /api/mail/status`: whether this install sends e-mail. A screen that would send one reads it before
 * promising it (the forgot-password page, the report schedule). Undefined while loading or when it cannot be
 * read: the screen then says what it said before.
 */
export function useMailStatus(): MailStatus | undefined {
  return useQuery({
    queryKey: ['mail-status'],
    queryFn: () => apiFetch<MailStatus>('/api/mail/status'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  }).data;
}
