import { type AssignableRole, MEMBERS_MESSAGES, type Member } from '@relaycast/shared/members';
import { ASSIGNABLE_ROLES, isRole, ROLE_LABELS, roleCan } from '@relaycast/shared/roles';
import { useTranslation } from 'react-i18next';
import { useChangeMemberRole, useRemoveMember } from '@/api/members';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { currentLocale, translateMessage } from '@/i18n';
import { toastOutcome } from '@/lib/show-error';
import { TransferOwnershipButton } from './transfer-dialog';

function roleLabel(role: string): string {
  return isRole(role) ? ROLE_LABELS[role] : role;
}

/** Everyone in the workspace; owners and admins change roles and remove members, the owner hands over ownership. */
export function MemberList({ members, yourRole }: { members: Member[]; yourRole: string }) {
  const { t } = useTranslation('members');
  const canManage = roleCan(yourRole, 'manageMembers');
  const date = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' });
  return (
    <ul className="grid gap-2">
      {members.map((member) => (
        <li
          key={member.id}
          data-testid="member-row"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3 text-sm"
        >
          <div className="min-w-0">
            <p className="font-medium">
              {member.name} {member.isYou ? <Badge variant="outline">{t('You')}</Badge> : null}
            </p>
            <p className="truncate text-muted-foreground">{member.email}</p>
            <p className="text-xs text-muted-foreground">
              {t('Joined {{date}}', { date: date.format(new Date(member.joinedAt)) })}
            </p>
          </div>
          <MemberControls
            member={member}
            yourRole={yourRole}
            canManage={canManage}
            roleText={t(roleLabel(member.role))}
          />
        </li>
      ))}
    </ul>
  );
}

function MemberControls({
  member,
  yourRole,
  canManage,
  roleText,
}: {
  member: Member;
  yourRole: string;
  canManage: boolean;
  roleText: string;
}) {
  const { t } = useTranslation('members');
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const editable = canManage && member.role !== 'owner' && !member.isYou && isRole(member.role);
  const reason =
    member.role === 'owner'
      ? t("The owner's role changes only by transferring ownership.")
      : member.isYou && canManage
        ? t('You cannot change your own role.')
        : null;
  return (
    <div className="flex flex-wrap items-end gap-2">
      {editable ? (
        <SelectField
          label={t('Role of {{name}}', { name: member.name })}
          size="sm"
          value={member.role as AssignableRole}
          options={ASSIGNABLE_ROLES}
          format={(option) => t(ROLE_LABELS[option])}
          disabled={changeRole.isPending}
          onChange={(role) =>
            toastOutcome(
              changeRole.mutateAsync({ memberId: member.id, role }),
              translateMessage(MEMBERS_MESSAGES.roleChanged),
            )
          }
        />
      ) : (
        <div className="flex flex-col items-end gap-1 text-right">
          <Badge variant={member.role === 'owner' ? 'primary' : 'accent'}>{roleText}</Badge>
          {reason ? <span className="text-xs text-muted-foreground">{reason}</span> : null}
        </div>
      )}
      {editable ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={remove.isPending}
          onClick={() =>
            window.confirm(t('Remove {{name}} from the workspace?', { name: member.name })) &&
            toastOutcome(remove.mutateAsync(member.id), translateMessage(MEMBERS_MESSAGES.removed))
          }
        >
          {t('Remove')}
        </Button>
      ) : null}
      {yourRole === 'owner' && !member.isYou ? <TransferOwnershipButton member={member} /> : null}
    </div>
  );
}
