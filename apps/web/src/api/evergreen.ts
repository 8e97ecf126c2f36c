import type {
  CollectionInput,
  CollectionPatch,
  EntryInput,
  EvergreenCollection,
  EvergreenList,
} from '@relaycast/shared/evergreen';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidatePosts } from './posts';

/** Evergreen collections: `/api/evergreen…` (docs/evergreen.md). Their re-shares are ordinary posts. */

export const evergreenKeys = { all: ['evergreen'] as const };

/** `GET /api/evergreen`: the workspace's collections, each entry with its next slot and next text. */
export function useEvergreen(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: evergreenKeys.all,
    queryFn: async () => (await apiFetch<EvergreenList>('/api/evergreen')).collections,
    refetchInterval: 60_000,
    ...options,
  });
}

function useEvergreenMutation<V, R>(request: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: evergreenKeys.all }),
        invalidatePosts(queryClient),
      ]);
    },
  });
}

const collectionPath = (id: string) => `/api/evergreen/${encodeURIComponent(id)}`;

export function useCreateCollection() {
  return useEvergreenMutation((input: CollectionInput) =>
    apiFetch<EvergreenCollection>('/api/evergreen', { method: 'POST', json: input }),
  );
}

/** Rename, change the gap or the stop, pause or resume. */
export function useUpdateCollection() {
  return useEvergreenMutation(({ id, patch }: { id: string; patch: CollectionPatch }) =>
    apiFetch<EvergreenCollection>(collectionPath(id), { method: 'PATCH', json: patch }),
  );
}

export function useDeleteCollection() {
  return useEvergreenMutation((id: string) =>
    apiFetch<{ deletedPostIds: string[] }>(collectionPath(id), { method: 'DELETE' }),
  );
}

export function useAddEntry() {
  return useEvergreenMutation(({ collectionId, entry }: { collectionId: string; entry: EntryInput }) =>
    apiFetch<EvergreenCollection>(`${collectionPath(collectionId)}/entries`, { method: 'POST', json: entry }),
  );
}

export function useRemoveEntry() {
  return useEvergreenMutation(({ collectionId, entryId }: { collectionId: string; entryId: string }) =>
    apiFetch<{ deletedPostIds: string[] }>(
      `${collectionPath(collectionId)}/entries/${encodeURIComponent(entryId)}`,
      { method: 'DELETE' },
    ),
  );
}
