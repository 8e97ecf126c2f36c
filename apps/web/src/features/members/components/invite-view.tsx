import { MEMBERS_MESSAGES } from '@relaycast/shared/members';
import { isRole, ROLE_LABELS } from '@relaycast/shared/roles';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAcceptInvitation, useInvitation } from '@/api/members';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { toastOutcome } from '@/lib/show-error';

const STATE_MESSAGES = {
  expired: MEMBERS_MESSAGES.linkExpired,
  used: MEMBERS_MESSAGES.linkUsed,
  revoked: MEMBERS_MESSAGES.linkRevoked,
} as const;

/** `/invite/:token`: the invitation, then Accept (signed in) or Sign up / Sign in (returning here after). */
export function InviteView({
  token,
  user,
  loading,
}: {
  token: string;
  /** The signed-in user, or null; `loading` while the session is not known yet. */
  user: { email: string } | null;
  loading: boolean;
}) {
  const { t } = useTranslation('members');
  const navigate = useNavigate();
  const query = useInvitation(token);
  const accept = useAcceptInvitation(token);

  if (query.isPending || loading) return <Spinner label={t('Loading the invitation')} />;
  if (query.isError) {
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(query.error)}
      </p>
    );
  }
  const invitation = query.data;
  const role = t(isRole(invitation.role) ? ROLE_LABELS[invitation.role] : invitation.role);
  const back = { pathname: `/invite/${token}`, search: '', hash: '', state: null };
  const signUp = `/signup?${new URLSearchParams({ email: invitation.email, invite: token })}`;

  async function onAccept() {
    if (await toastOutcome(accept.mutateAsync(), translateMessage(MEMBERS_MESSAGES.accepted))) {
      navigate('/dashboard');
    }
  }

  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">
        {t('Join {{workspace}}', { workspace: invitation.workspaceName })}
      </h1>
      <p className="text-muted-foreground">
        {t('{{inviter}} invited {{email}} to join as {{role}}.', {
          inviter: invitation.invitedBy,
          email: invitation.email,
          role,
        })}
      </p>
      {invitation.state !== 'valid' ? (
        <p role="alert" className="text-destructive">
          {translateMessage(STATE_MESSAGES[invitation.state])}
        </p>
      ) : user ? (
        <div className="grid gap-2">
          {user.email.toLowerCase() !== invitation.email.toLowerCase() ? (
            <p className="text-sm text-muted-foreground">
              {t('You are signed in as {{email}}. This invitation is for another address.', {
                email: user.email,
              })}
            </p>
          ) : null}
          <div>
            <Button type="button" onClick={onAccept} disabled={accept.isPending}>
              {t('Accept invitation')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={signUp}>{t('Sign up to accept')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/login" state={{ email: invitation.email, from: back }}>
              {t('Sign in to accept')}
            </Link>
          </Button>
        </div>
      )}
    </div>
  );
}
