import { type Invitation, MEMBERS_MESSAGES } from '@relaycast/shared/members';
import { isRole, ROLE_LABELS } from '@relaycast/shared/roles';
import { useTranslation } from 'react-i18next';
import { useResendInvitation, useRevokeInvitation } from '@/api/members';
import { Button } from '@/components/ui/button';
import { currentLocale, translateMessage } from '@/i18n';
import { toastOutcome } from '@/lib/show-error';
import { InviteLinkNotice, useInvitationOutcome } from './invite-link-notice';

/** Pending invitations: re-send (a fresh 7-day link) or revoke, for owners and admins. */
export function InvitationList({
  invitations,
  canManage,
}: {
  invitations: Invitation[];
  canManage: boolean;
}) {
  const { t } = useTranslation('members');
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const outcome = useInvitationOutcome(translateMessage(MEMBERS_MESSAGES.resent));
  const date = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' });
  if (invitations.length === 0)
    return <p className="text-sm text-muted-foreground">{t('No pending invitations.')}</p>;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2">
        {invitations.map((invitation) => (
          <li
            key={invitation.id}
            data-testid="invitation-row"
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3 text-sm"
          >
            <div className="min-w-0">
              <p className="truncate font-medium">{invitation.email}</p>
              <p className="text-muted-foreground">
                {t(isRole(invitation.role) ? ROLE_LABELS[invitation.role] : invitation.role)}
                {' · '}
                {t('Invited by {{name}}', { name: invitation.invitedBy })}
                {' · '}
                {invitation.expired
                  ? t('Expired')
                  : t('Expires {{date}}', { date: date.format(new Date(invitation.expiresAt)) })}
              </p>
            </div>
            {canManage ? (
              <div className="flex gap-2">
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={resend.isPending}
                  onClick={() => void outcome.send(resend.mutateAsync(invitation.id))}
                >
                  {t('Re-send')}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={revoke.isPending}
                  onClick={() =>
                    toastOutcome(
                      revoke.mutateAsync(invitation.id),
                      translateMessage(MEMBERS_MESSAGES.revoked),
                    )
                  }
                >
                  {t('Revoke')}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {outcome.unsent ? <InviteLinkNotice invitation={outcome.unsent} onDone={outcome.dismiss} /> : null}
    </div>
  );
}
