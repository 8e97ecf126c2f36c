import { useTranslation } from 'react-i18next';
import { SettingsSubpageHeader } from '@/components/settings-subpage-header';
import { MembersView } from '@/features/members/components/members-view';
import { usePageMeta } from '@/lib/use-page-meta';

export function MembersPage() {
  const { t } = useTranslation('members');
  usePageMeta(t('Members'), t('Who works in this workspace, their roles, and invitations.'));
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <SettingsSubpageHeader
        title={t('Members')}
        description={t('Invite people to this workspace, choose what each may do, and hand over ownership.')}
      />
      <MembersView />
    </div>
  );
}
