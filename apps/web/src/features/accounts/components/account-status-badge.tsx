import { ACCOUNT_STATUS_LABELS, type AccountStatus } from '@relaycast/shared/accounts';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const STYLES: Record<AccountStatus, string> = {
  connected: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  needs_reconnect: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  disconnected: 'bg-muted text-muted-foreground',
};

export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  const { t } = useTranslation('accounts');
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        STYLES[status],
      )}
    >
      {t(ACCOUNT_STATUS_LABELS[status])}
    </span>
  );
}
