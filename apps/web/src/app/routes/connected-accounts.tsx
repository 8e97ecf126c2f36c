import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/role-gate';
import { ConnectedAccountsScreen } from '@/features/accounts/components/connected-accounts-screen';
import { AccountProxySection } from '@/features/proxies/components/account-proxy-section';
import { ConnectProxyPanel } from '@/features/proxies/components/connect-proxy-panel';
import { useConnectProxy } from '@/features/proxies/hooks/use-connect-proxy';
import { PostingScheduleSection } from '@/features/queue-slots/components/posting-schedule-section';
import { usePageMeta } from '@/lib/use-page-meta';

export function ConnectedAccountsPage() {
  const { t } = useTranslation('accounts');
  usePageMeta(
    t('Connected accounts'),
    t('The social accounts your workspace publishes to, and connecting more.'),
  );
  // "Connect through a proxy" (docs/decisions/0098-proxy-at-connection.md), for those who connect accounts.
  const connectProxy = useConnectProxy();
  const canManage = useCan('manageAccounts') === true;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <ConnectedAccountsScreen
        accountParts={(account) =>
          account.status === 'disconnected' ? null : <AccountProxySection account={account} />
        }
        connectPart={
          canManage ? { panel: <ConnectProxyPanel state={connectProxy} />, ask: connectProxy.ask } : undefined
        }
      />
      <PostingScheduleSection />
    </div>
  );
}
