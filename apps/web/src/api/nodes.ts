import type { AdminNodes } from '@relaycast/shared/nodes';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/admin/nodes`: the install's nodes and job queues (administrators only), read again every 10 s. */
export function useAdminNodes() {
  return useQuery({
    queryKey: ['admin', 'nodes'],
    queryFn: () => apiFetch<AdminNodes>('/api/admin/nodes'),
    refetchInterval: 10_000,
  });
}
