import type {
  CreatedWebhook,
  CreateWebhookInput,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointList,
} from '@relaycast/shared/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/webhooks`: the workspace's webhook endpoints and their delivery logs (Settings → Webhooks). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const,
};

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: () => apiFetch<WebhookEndpointList>('/api/webhooks'),
  });
}

/** The newest deliveries of one endpoint; refreshed every few seconds while shown. */
export function useWebhookDeliveries(endpointId: string, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: () =>
      apiFetch<{ deliveries: WebhookDelivery[] }>(
        `/api/webhooks/${encodeURIComponent(endpointId)}/deliveries`,
      ),
    enabled,
    refetchInterval: enabled ? 5_000 : false,
  });
}

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookInput) =>
      apiFetch<CreatedWebhook>('/api/webhooks', { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

/** "Resend" a delivery that failed or was delivered (same id and payload). */
export function useResendWebhookDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      apiFetch<{ queued: boolean }>(
        `/api/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        { method: 'POST' },
      ),
    onSettled: (_data, _error, { endpointId }) =>
      client.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
}

export function useSendTestWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ queued: boolean }>(`/api/webhooks/${encodeURIComponent(id)}/test`, { method: 'POST' }),
    onSuccess: (_data, id) => client.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}

/** "Pause" / "Resume": a paused endpoint's events wait and go out when it is resumed. */
export function useSetWebhookPaused() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) =>
      apiFetch<WebhookEndpoint>(`/api/webhooks/${encodeURIComponent(id)}/paused`, {
        method: 'PUT',
        json: { paused },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
