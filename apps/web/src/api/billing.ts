import {
  type AdminWorkspaces,
  type BillingStatusView,
  type CheckoutRequest,
  type InstanceAdminStatus,
  PLAN_KEEPING_STATUSES,
} from '@relaycast/shared/billing';
import type { PlanId } from '@relaycast/shared/plans';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { currentWorkspaceKey, workspaceUsageKey } from './usage';

/** `/api/billing`: the plan bought through Stripe, Checkout and the Customer Portal (docs/decisions/0046-stripe-billing.md). */
export const billingKey = ['billing'] as const;
export const adminWorkspacesKey = ['admin', 'workspaces'] as const;

/** A subscription that gives its plan (active, trialing, or past due during Stripe's retries). */
export function isSubscribed(billing: BillingStatusView | undefined): boolean {
  return billing?.status != null && PLAN_KEEPING_STATUSES.includes(billing.status) && billing.plan !== null;
}

/** The billing status; `awaitingCheckout` polls every 2 s until Stripe's webhook has made the plan active. */
export function useBilling(awaitingCheckout = false) {
  return useQuery({
    queryKey: billingKey,
    queryFn: () => apiFetch<BillingStatusView>('/api/billing'),
    refetchInterval: (query) => (awaitingCheckout && !isSubscribed(query.state.data) ? 2_000 : false),
  });
}

/** `POST /api/billing/checkout`: the URL of Stripe's Checkout page for the plan and period. */
export function useCheckout() {
  return useMutation({
    mutationFn: (input: CheckoutRequest) =>
      apiFetch<{ url: string }>('/api/billing/checkout', { method: 'POST', json: input }),
  });
}

/** `POST /api/billing/portal`: the URL of Stripe's Customer Portal (card, plan change, cancel). */
export function usePortal() {
  return useMutation({
    mutationFn: () => apiFetch<{ url: string }>('/api/billing/portal', { method: 'POST' }),
  });
}

/** `GET /api/admin/me`: whether the signed-in user administers this server (ADMIN_EMAILS); asked once a session. */
export function useInstanceAdmin() {
  return useQuery({
    queryKey: ['admin', 'me'],
    queryFn: () => apiFetch<InstanceAdminStatus>('/api/admin/me'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `GET /api/admin/workspaces`: the instance administrator's list (404 for anyone else, so asked only by them). */
export function useAdminWorkspaces(enabled = true) {
  return useQuery({
    queryKey: adminWorkspacesKey,
    queryFn: () => apiFetch<AdminWorkspaces>('/api/admin/workspaces'),
    enabled,
    retry: false,
  });
}

export function useSetWorkspacePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, plan }: { id: string; plan: PlanId | null }) =>
      apiFetch(`/api/admin/workspaces/${encodeURIComponent(id)}/plan`, { method: 'PUT', json: { plan } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminWorkspacesKey }),
        client.invalidateQueries({ queryKey: currentWorkspaceKey }),
        client.invalidateQueries({ queryKey: workspaceUsageKey }),
      ]),
  });
}
