import { ConnectedAccountsScreen } from '@/features/accounts/components/connected-accounts-screen';
import { usePageMeta } from '@/lib/use-page-meta';

export function ConnectedAccountsPage() {
  usePageMeta('Connected accounts', 'The social accounts your workspace publishes to, and connecting more.');
  return <ConnectedAccountsScreen />;
}
