import { type AssignableRole, inviteMemberSchema, MEMBERS_MESSAGES } from '@relaycast/shared/members';
import { ASSIGNABLE_ROLES, ROLE_LABELS } from '@relaycast/shared/roles';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInviteMember } from '@/api/members';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { translateMessage } from '@/i18n';
import { InviteLinkNotice, useInvitationOutcome } from './invite-link-notice';

/** E-mail and role: the invitee gets a link valid for 7 days. */
export function InviteForm() {
  const { t } = useTranslation('members');
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('editor');
  const [error, setError] = useState<string | undefined>();
  const outcome = useInvitationOutcome(translateMessage(MEMBERS_MESSAGES.invited));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = inviteMemberSchema.safeParse({ email, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    if (await outcome.send(invite.mutateAsync(parsed.data))) setEmail('');
  }

  return (
    <div className="grid gap-3">
      <form noValidate onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <FormField
          label={t('E-mail address')}
          type="email"
          autoComplete="off"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SelectField
          label={t('Role')}
          value={role}
          options={ASSIGNABLE_ROLES}
          format={(option) => t(ROLE_LABELS[option])}
          onChange={setRole}
        />
        <Button type="submit" disabled={invite.isPending}>
          {t('Send invitation')}
        </Button>
      </form>
      {outcome.unsent ? <InviteLinkNotice invitation={outcome.unsent} onDone={outcome.dismiss} /> : null}
    </div>
  );
}
