import type { CurrentWorkspace } from '@relaycast/shared/auth';
import type { WorkspaceUsage } from '@relaycast/shared/usage';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/workspaces/current` and its usage: the plan, the trial and what the workspace uses (docs/plans-and-billing.md). */
export const currentWorkspaceKey = ['workspace', 'current'] as const;
export const workspaceUsageKey = ['workspace', 'current', 'usage'] as const;

/** `GET /api/workspaces/current`: the plan, the trial's days left and whether publishing is paused. */
export function useCurrentWorkspace() {
  return useQuery({
    queryKey: currentWorkspaceKey,
    queryFn: () => apiFetch<CurrentWorkspace>('/api/workspaces/current'),
    staleTime: 5 * 60_000,
  });
}

/** `GET /api/workspaces/current/usage`: accounts, storage, members and AI use against the plan's limits. */
export function useWorkspaceUsage() {
  return useQuery({
    queryKey: workspaceUsageKey,
    queryFn: () => apiFetch<WorkspaceUsage>('/api/workspaces/current/usage'),
    refetchOnMount: 'always',
  });
}
