import { useTranslation } from 'react-i18next';
import { ConnectedAccountsScreen } from '@/features/accounts/components/connected-accounts-screen';
import { AccountProxySection } from '@/features/proxies/components/account-proxy-section';
import { usePageMeta } from '@/lib/use-page-meta';

export function ConnectedAccountsPage() {
  const { t } = useTranslation('accounts');
  usePageMeta(
    t('Connected accounts'),
    t('The social accounts your workspace publishes to, and connecting more.'),
  );
  return (
    <ConnectedAccountsScreen
      accountParts={(account) =>
        account.status === 'disconnected' ? null : <AccountProxySection account={account} />
      }
    />
  );
}
