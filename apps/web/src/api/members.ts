import type {
  AcceptedInvitation,
  ChangeRoleInput,
  InvitationPreview,
  InviteMemberInput,
  MembersList,
  SentInvitation,
  TransferOwnershipInput,
} from '@relaycast/shared/members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `/api/workspaces/current/members`: the workspace's members and pending invitations (Settings → Members). */
export const membersKey = ['workspace-members'] as const;
export const invitationKey = (token: string) => ['invitation', token] as const;

const BASE = '/api/workspaces/current';

export function useMembers() {
  return useQuery({ queryKey: membersKey, queryFn: () => apiFetch<MembersList>(`${BASE}/members`) });
}

function useMembersMutation<T, R = unknown>(mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: membersKey }) });
}

/** `POST …/invitations`: e-mails an accept link valid for 7 days (or answers it, without an e-mail server). */
export function useInviteMember() {
  return useMembersMutation((input: InviteMemberInput) =>
    apiFetch<SentInvitation>(`${BASE}/invitations`, { method: 'POST', json: input }),
  );
}

export function useResendInvitation() {
  return useMembersMutation((id: string) =>
    apiFetch<SentInvitation>(`${BASE}/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST' }),
  );
}

export function useRevokeInvitation() {
  return useMembersMutation((id: string) =>
    apiFetch<void>(`${BASE}/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}

export function useChangeMemberRole() {
  return useMembersMutation(({ memberId, role }: { memberId: string } & ChangeRoleInput) =>
    apiFetch(`${BASE}/members/${encodeURIComponent(memberId)}`, { method: 'PATCH', json: { role } }),
  );
}

export function useRemoveMember() {
  return useMembersMutation((memberId: string) =>
    apiFetch<void>(`${BASE}/members/${encodeURIComponent(memberId)}`, { method: 'DELETE' }),
  );
}

/** `POST …/transfer-ownership`: everything the app shows depends on the role, so every query is refetched. */
export function useTransferOwnership() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TransferOwnershipInput) =>
      apiFetch<void>(`${BASE}/transfer-ownership`, { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** `POST …/leave`: the session falls back to the user's own workspace. */
export function useLeaveWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(`${BASE}/leave`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** `GET /api/invitations/:token`: readable without a session. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: () => apiFetch<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });
}

/** `POST /api/invitations/:token/accept`: joins, and the session now works in that workspace. */
export function useAcceptInvitation(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<AcceptedInvitation>(`/api/invitations/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
      }),
    onSuccess: () => client.invalidateQueries(),
  });
}
