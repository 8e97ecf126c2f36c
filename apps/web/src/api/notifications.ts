import type { MarkNotificationsReadInput, NotificationList } from '@relaycast/shared/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { subscribeBrowserToPush, unsubscribeBrowserFromPush } from '@/lib/web-push';

/** `/api/notifications`: the bell's list and unread count, marking read, and this browser's push subscription. */
export const notificationKeys = {
  list: ['notifications'] as const,
  pushKey: ['notifications', 'push-key'] as const,
};

/** How often the bell asks for new notifications. */
export const NOTIFICATION_POLL_MS = 30_000;

export function fetchNotifications() {
  return apiFetch<NotificationList>('/api/notifications');
}

/** The newest notifications and the unread count, polled every 30 s while the app is open. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: fetchNotifications,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkNotificationsReadInput) =>
      apiFetch<{ updated: number }>('/api/notifications/read', { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

/** Subscribes this browser (service worker, permission, VAPID key) and registers the subscription. */
export function useEnablePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { publicKey } = await client.fetchQuery({
        queryKey: notificationKeys.pushKey,
        queryFn: () => apiFetch<{ publicKey: string }>('/api/notifications/push-key'),
        staleTime: Number.POSITIVE_INFINITY,
      });
      const subscription = await subscribeBrowserToPush(publicKey);
      await apiFetch<void>('/api/notifications/push-subscriptions', { method: 'POST', json: subscription });
    },
  });
}

/** Ends this browser's subscription and tells the server to forget it. */
export function useDisablePush() {
  return useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeBrowserFromPush();
      if (endpoint) {
        await apiFetch<void>('/api/notifications/push-subscriptions', {
          method: 'DELETE',
          json: { endpoint },
        });
      }
    },
  });
}
