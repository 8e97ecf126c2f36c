import type { SignedInDevices } from '@relaycast/shared/security';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/sessions`: the one client module for the signed-in user's devices (Settings → Security). */
export const devicesKey = ['devices'] as const;

/** `GET /api/sessions`: every device signed in to the account, this one first. */
export function useSignedInDevices() {
  return useQuery({
    queryKey: devicesKey,
    queryFn: () => apiFetch<SignedInDevices>('/api/sessions'),
  });
}

/** `POST /api/sessions/revoke-others`: signs every other device out. */
export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ revoked: number }>('/api/sessions/revoke-others', { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: devicesKey }),
  });
}

/** `POST /api/sessions/:id/revoke`: signs one other device out. */
export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/sessions/${encodeURIComponent(id)}/revoke`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: devicesKey }),
  });
}
