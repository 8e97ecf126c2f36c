import { INVITATION_TTL_DAYS, MEMBERS_MESSAGES, type SentInvitation } from '@relaycast/shared/members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '@/components/copy-field';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';

/**
 * Sends an invitation (new or again) and says what happened: "Invitation sent." when it was e-mailed; without an
 * e-mail server on this install, the link to copy, since no e-mail went out.
 */
export function useInvitationOutcome(sentMessage: string) {
  const [unsent, setUnsent] = useState<SentInvitation | null>(null);
  async function send(action: Promise<SentInvitation>): Promise<boolean> {
    try {
      const sent = await action;
      setUnsent(sent.inviteLink ? sent : null);
      toast.success(sent.inviteLink ? translateMessage(MEMBERS_MESSAGES.invitedNoEmail) : sentMessage);
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  }
  return { unsent, send, dismiss: () => setUnsent(null) };
}

/** The invite link of an invitation no e-mail carried, to copy and send by hand. */
export function InviteLinkNotice({ invitation, onDone }: { invitation: SentInvitation; onDone(): void }) {
  const { t } = useTranslation('members');
  if (!invitation.inviteLink) return null;
  return (
    <div
      role="status"
      className="grid gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-sm"
    >
      <p>
        {t(
          'No e-mail server is set up on this Relaycast server, so no e-mail went out. Copy the link and send it to {{email}} yourself: it works once, for {{days}} days.',
          { email: invitation.email, days: INVITATION_TTL_DAYS },
        )}
      </p>
      <CopyField
        label={t('Invite link for {{email}}', { email: invitation.email })}
        value={invitation.inviteLink}
      />
      <Button type="button" size="sm" variant="outline" className="justify-self-start" onClick={onDone}>
        {t('Done')}
      </Button>
    </div>
  );
}
