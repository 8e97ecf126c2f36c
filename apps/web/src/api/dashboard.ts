import type { Dashboard } from '@relaycast/shared/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/dashboard`: the one client module for the dashboard's own numbers (docs/decisions/0027-onboarding.md). */
export const dashboardKey = ['dashboard'] as const;

/** `GET /api/dashboard`: next posts, last published with their figures, what needs attention, the week. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: () => apiFetch<Dashboard>('/api/dashboard'),
    refetchOnMount: 'always',
  });
}
