import { MEMBERS_MESSAGES } from '@relaycast/shared/members';
import { roleCan } from '@relaycast/shared/roles';
import { LogOut, Mail, ShieldCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLeaveWorkspace, useMembers } from '@/api/members';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { toastOutcome } from '@/lib/show-error';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { RoleTable } from './role-table';

/** Settings → Members: who is in the workspace, invitations, and what each role may do. */
export function MembersView() {
  const { t } = useTranslation('members');
  const query = useMembers();
  if (query.isPending) return <Spinner label={t('Loading members')} />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(query.error)}
      </p>
    );
  }
  const { members, invitations, yourRole } = query.data;
  const canManage = roleCan(yourRole, 'manageMembers');
  return (
    <>
      <SettingsCard
        title={t('Invite a member')}
        icon={Mail}
        description={t('They get an e-mail with a link valid for 7 days.')}
      >
        {canManage ? (
          <InviteForm />
        ) : (
          <p className="text-sm text-muted-foreground">
            {t('Only an owner or admin can invite, change or remove members.')}
          </p>
        )}
      </SettingsCard>
      <SettingsCard title={t('Members')} icon={Users}>
        <MemberList members={members} yourRole={yourRole} />
      </SettingsCard>
      <SettingsCard title={t('Pending invitations')} icon={Mail}>
        <InvitationList invitations={invitations} canManage={canManage} />
      </SettingsCard>
      <SettingsCard title={t('Roles')} icon={ShieldCheck}>
        <RoleTable />
      </SettingsCard>
      <LeaveSection isOwner={yourRole === 'owner'} />
    </>
  );
}

function LeaveSection({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation('members');
  const leave = useLeaveWorkspace();
  const navigate = useNavigate();
  async function onLeave() {
    if (!window.confirm(t('Leave this workspace? You will need a new invitation to come back.'))) return;
    if (await toastOutcome(leave.mutateAsync(), translateMessage(MEMBERS_MESSAGES.left))) {
      navigate('/dashboard');
    }
  }
  return (
    <SettingsCard title={t('Leave workspace')} icon={LogOut}>
      {isOwner ? (
        <p className="text-sm text-muted-foreground">{translateMessage(MEMBERS_MESSAGES.ownerCannotLeave)}</p>
      ) : null}
      <div>
        <Button type="button" variant="outline" disabled={isOwner || leave.isPending} onClick={onLeave}>
          {t('Leave workspace')}
        </Button>
      </div>
    </SettingsCard>
  );
}
