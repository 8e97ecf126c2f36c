import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAuth } from '@/features/auth/auth-provider';
import { InviteView } from '@/features/members/components/invite-view';
import { usePageMeta } from '@/lib/use-page-meta';

export function InvitePage() {
  const { t } = useTranslation('members');
  const { token = '' } = useParams();
  const { user, loading } = useAuth();
  usePageMeta(t('Invitation'), t('Join a Relaycast workspace.'));
  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-12">
      <InviteView token={token} user={user} loading={loading} />
    </div>
  );
}
