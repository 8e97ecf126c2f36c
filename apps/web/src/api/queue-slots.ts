import type {
  OpenSlot,
  QueueFillInput,
  QueueSchedule,
  QueueScheduleInput,
  QueueScheduleList,
} from '@relaycast/shared/queue-slots';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Each account's posting schedule and its open slots: `/api/queue-slots…` (docs/queue-slots.md). */

export const queueSlotKeys = {
  all: ['queue-slots'] as const,
  list: () => [...queueSlotKeys.all, 'list'] as const,
  open: (from: string, to: string) => [...queueSlotKeys.all, 'open', from, to] as const,
};

/** After a schedule changes: the list and the calendar's open slots (posts invalidate them too, api/posts.ts). */
export function invalidateQueueSlots(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queueSlotKeys.all });
}

/** `GET /api/queue-slots`: one schedule per account of the workspace. */
export function useQueueSchedules() {
  return useQuery({
    queryKey: queueSlotKeys.list(),
    queryFn: async () => (await apiFetch<QueueScheduleList>('/api/queue-slots')).schedules,
  });
}

/** `GET /api/queue-slots/open`: the upcoming slots of [from, to] no post of their account holds. */
export function useOpenSlots(range: { from: string; to: string }) {
  return useQuery({
    queryKey: queueSlotKeys.open(range.from, range.to),
    queryFn: async () => {
      const params = new URLSearchParams(range);
      return (await apiFetch<{ slots: OpenSlot[] }>(`/api/queue-slots/open?${params}`)).slots;
    },
  });
}

/** `PUT /api/queue-slots/:id`: the account's whole schedule (an empty list clears it). */
export function useSaveQueueSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, input }: { accountId: string; input: QueueScheduleInput }) =>
      apiFetch<QueueSchedule>(`/api/queue-slots/${encodeURIComponent(accountId)}`, {
        method: 'PUT',
        json: input,
      }),
    onSettled: () => invalidateQueueSlots(queryClient),
  });
}

/** `POST /api/queue-slots/:id/fill-from-best-times`: adds each weekday's best hours. */
export function useFillQueueFromBestTimes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, input }: { accountId: string; input: QueueFillInput }) =>
      apiFetch<QueueSchedule>(`/api/queue-slots/${encodeURIComponent(accountId)}/fill-from-best-times`, {
        method: 'POST',
        json: input,
      }),
    onSettled: () => invalidateQueueSlots(queryClient),
  });
}
