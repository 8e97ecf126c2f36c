import type { Onboarding, OnboardingInput } from '@relaycast/shared/onboarding';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/onboarding`: the one client module for the dashboard's getting-started checklist. */
export const onboardingKey = ['onboarding'] as const;

/** `GET /api/onboarding`: each step's state, read fresh whenever the dashboard opens. */
export function useOnboarding() {
  return useQuery({
    queryKey: onboardingKey,
    queryFn: () => apiFetch<Onboarding>('/api/onboarding'),
    refetchOnMount: 'always',
  });
}

/** `PUT /api/onboarding`: hides the checklist (or shows it again) for the signed-in user. */
export function useSetOnboardingDismissed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OnboardingInput) =>
      apiFetch<Onboarding>('/api/onboarding', { method: 'PUT', json: input }),
    onSuccess: (saved) => client.setQueryData(onboardingKey, saved),
  });
}
