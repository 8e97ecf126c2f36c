import type { SocialAccount } from '@relaycast/shared/accounts';
import { PLATFORMS } from '@relaycast/shared/platforms';
import { RefreshCw, Unplug } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisconnectAccount, useRefreshAccount } from '@/api/accounts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { currentLocale } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import { accountMessages } from '../account-messages';
import { AccountAvatar } from './account-avatar';
import { AccountStatusBadge } from './account-status-badge';
import { AccountTimeZone } from './account-time-zone';

function LastSync({ account }: { account: SocialAccount }) {
  const { t } = useTranslation('accounts');
  if (!account.lastSyncAt) return t('Never synced');
  const format = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return t('Last sync {{time}}', { time: format.format(new Date(account.lastSyncAt)) });
}

/** What other features show under an account (its proxy): composed in app/routes/connected-accounts.tsx. */
export type AccountParts = (account: SocialAccount) => ReactNode;

function AccountRow({
  account,
  onReconnect,
  onDisconnect,
  parts,
}: {
  account: SocialAccount;
  onReconnect(account: SocialAccount): void;
  onDisconnect(account: SocialAccount): void;
  parts?: AccountParts;
}) {
  const { t } = useTranslation('accounts');
  const refresh = useRefreshAccount();
  const platformName = PLATFORMS[account.platform].name;
  return (
    <li
      aria-label={t('{{handle}} on {{platform}}', { handle: account.handle, platform: platformName })}
      className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4 first:pt-0 last:pb-0"
    >
      <AccountAvatar account={account} />
      <div className="min-w-48 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 truncate font-medium">{account.handle}</span>
          <AccountStatusBadge status={account.status} />
        </p>
        <p className="truncate text-sm text-muted-foreground">
          {platformName}
          {account.displayName && account.displayName !== account.handle ? ` · ${account.displayName}` : ''}
          {account.instanceUrl ? ` · ${new URL(account.instanceUrl).host}` : ''}
        </p>
        <p className="text-xs text-muted-foreground">
          <LastSync account={account} />
        </p>
        {account.status === 'needs_reconnect' && account.lastError ? (
          <p className="mt-1 text-sm text-amber-800 dark:text-amber-200">{account.lastError}</p>
        ) : null}
      </div>
      {account.status !== 'disconnected' ? <AccountTimeZone account={account} /> : null}
      <div className="flex w-full flex-wrap justify-end gap-2 sm:w-auto">
        {account.status === 'connected' ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('Refresh {{handle}}', { handle: account.handle })}
            disabled={refresh.isPending}
            onClick={() =>
              refresh.mutate(account.id, {
                onSuccess: (updated) => toast.success(accountMessages.refreshed(updated.handle)),
                onError: (error) => showError(error),
              })
            }
          >
            <RefreshCw aria-hidden="true" className={refresh.isPending ? 'animate-spin' : undefined} />
            {t('Refresh')}
          </Button>
        ) : (
          <Button size="sm" onClick={() => onReconnect(account)}>
            {t('Reconnect')}
          </Button>
        )}
        {account.status !== 'disconnected' ? (
          <Button variant="outline" size="sm" onClick={() => onDisconnect(account)}>
            <Unplug aria-hidden="true" />
            {t('Disconnect')}
          </Button>
        ) : null}
      </div>
      {parts?.(account)}
    </li>
  );
}

/** The workspace's accounts, with Refresh, Reconnect and Disconnect (confirmed in a dialog). */
export function AccountList({
  accounts,
  onReconnect,
  parts,
}: {
  accounts: SocialAccount[];
  onReconnect(account: SocialAccount): void;
  parts?: AccountParts;
}) {
  const { t } = useTranslation('accounts');
  const disconnect = useDisconnectAccount();
  const [pending, setPending] = useState<SocialAccount | null>(null);

  if (accounts.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
        {t('No accounts yet. Connect one below to start publishing.')}
      </p>
    );
  }
  return (
    <>
      <ul aria-label={t('Connected accounts')} className="divide-y">
        {accounts.map((account) => (
          <AccountRow
            key={account.id}
            account={account}
            onReconnect={onReconnect}
            onDisconnect={setPending}
            parts={parts}
          />
        ))}
      </ul>
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={pending ? t('Disconnect {{handle}}?', { handle: pending.handle }) : t('Disconnect')}
        description={t(
          'Relaycast forgets its tokens. Scheduled posts to this account are flagged for you to review, not published; reconnect it any time.',
        )}
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setPending(null)}>
            {t('Cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={disconnect.isPending}
            onClick={() => {
              if (!pending) return;
              disconnect.mutate(pending.id, {
                onSuccess: (account) => {
                  toast.success(accountMessages.disconnected(account.handle));
                  setPending(null);
                },
                onError: (error) => showError(error),
              });
            }}
          >
            {t('Disconnect')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
