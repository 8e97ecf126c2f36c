import type {
  CreatedWorkspace,
  DeleteWorkspaceInput,
  WorkspaceList,
  WorkspaceLogo,
  WorkspaceLogoInput,
  WorkspaceNameInput,
} from '@relaycast/shared/workspaces';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/workspaces`: the switcher's list, and creating, switching, renaming and deleting workspaces (docs/decisions/0044-workspaces.md). */
export const workspacesKey = ['workspaces'] as const;

export function useWorkspaces() {
  return useQuery({ queryKey: workspacesKey, queryFn: () => apiFetch<WorkspaceList>('/api/workspaces') });
}

/** Everything the app shows belongs to the current workspace: after a switch or delete every query refetches. */
function useEverythingChanges<T, R>(mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries() });
}

/** `POST /api/workspaces` then switches this session to it. */
export function useCreateWorkspace() {
  return useEverythingChanges(async (input: WorkspaceNameInput) => {
    const created = await apiFetch<CreatedWorkspace>('/api/workspaces', { method: 'POST', json: input });
    await apiFetch<void>(`/api/workspaces/${encodeURIComponent(created.id)}/switch`, { method: 'POST' });
    return created;
  });
}

/** `POST /api/workspaces/:id/switch`: this session (only) works in that workspace from now on. */
export function useSwitchWorkspace() {
  return useEverythingChanges((id: string) =>
    apiFetch<void>(`/api/workspaces/${encodeURIComponent(id)}/switch`, { method: 'POST' }),
  );
}

export function useRenameWorkspace() {
  return useEverythingChanges((input: WorkspaceNameInput) =>
    apiFetch<{ id: string; name: string }>('/api/workspaces/current', { method: 'PATCH', json: input }),
  );
}

/** `DELETE /api/workspaces/current` with the name typed as confirmation; the session falls back to another. */
export function useDeleteWorkspace() {
  return useEverythingChanges((input: DeleteWorkspaceInput) =>
    apiFetch<void>('/api/workspaces/current', { method: 'DELETE', json: input }),
  );
}

export const workspaceLogoKey = ['workspaces', 'current', 'logo'] as const;

/** `GET /api/workspaces/current/logo`: the logo the reports' header shows (a data: URL), or null. */
export function useWorkspaceLogo() {
  return useQuery({
    queryKey: workspaceLogoKey,
    queryFn: () => apiFetch<WorkspaceLogo>('/api/workspaces/current/logo'),
  });
}

/** `PUT /api/workspaces/current/logo`: a PNG, JPEG or WebP as a data: URL, or null to remove it. */
export function useSetWorkspaceLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkspaceLogoInput) =>
      apiFetch<WorkspaceLogo>('/api/workspaces/current/logo', { method: 'PUT', json: input }),
    onSuccess: (saved) => client.setQueryData(workspaceLogoKey, saved),
  });
}
