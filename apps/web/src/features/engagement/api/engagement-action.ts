import type { EngagementActionInput, EngagementActionResult } from '@relaycast/shared/engagement';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `POST /api/engagement/actions`: like, comment on or message the author of an inbox item. */
export function useEngagementAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EngagementActionInput) =>
      apiFetch<EngagementActionResult>('/api/engagement/actions', { method: 'POST', json: input }),
    // A reply changes the item's status and the metrics.
    onSettled: () => client.invalidateQueries({ queryKey: ['engagement'] }),
  });
}
