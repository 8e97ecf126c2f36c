import { useTranslation } from 'react-i18next';
import { ConnectedAccountsScreen } from '@/features/accounts/components/connected-accounts-screen';
import { usePageMeta } from '@/lib/use-page-meta';

export function ConnectedAccountsPage() {
  const { t } = useTranslation('accounts');
  usePageMeta(
    t('Connected accounts'),
    t('The social accounts your workspace publishes to, and connecting more.'),
  );
  return <ConnectedAccountsScreen />;
}
