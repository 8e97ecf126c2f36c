import type { Label, LabelInput, LabelList, LabelUpdate } from '@relaycast/shared/labels';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { postKeys } from './posts';

/** `/api/labels`: the workspace's post labels (docs/labels.md). A change refreshes the posts, which show them. */

export const labelKeys = { all: ['labels'] as const };

export function useLabels() {
  return useQuery({
    queryKey: labelKeys.all,
    queryFn: async () => (await apiFetch<LabelList>('/api/labels')).labels,
  });
}

export function useCreateLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LabelInput) => apiFetch<Label>('/api/labels', { method: 'POST', json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: labelKeys.all }),
  });
}

export function useUpdateLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: LabelUpdate }) =>
      apiFetch<Label>(`/api/labels/${encodeURIComponent(id)}`, { method: 'PATCH', json: input }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: labelKeys.all }),
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
      ]),
  });
}

export function useDeleteLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/labels/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: labelKeys.all }),
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
      ]),
  });
}
