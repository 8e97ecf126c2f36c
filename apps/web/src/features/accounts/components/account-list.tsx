import { ACCOUNT_MESSAGES, type SocialAccount } from '@relaycast/shared/accounts';
import { PLATFORMS } from '@relaycast/shared/platforms';
import { RefreshCw, Unplug } from 'lucide-react';
import { useState } from 'react';
import { useDisconnectAccount, useRefreshAccount } from '@/api/accounts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { AccountAvatar } from './account-avatar';
import { AccountStatusBadge } from './account-status-badge';

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function lastSyncLabel(account: SocialAccount) {
  return account.lastSyncAt ? `Last sync ${DATE_TIME.format(new Date(account.lastSyncAt))}` : 'Never synced';
}

function AccountRow({
  account,
  onReconnect,
  onDisconnect,
}: {
  account: SocialAccount;
  onReconnect(account: SocialAccount): void;
  onDisconnect(account: SocialAccount): void;
}) {
  const refresh = useRefreshAccount();
  const platformName = PLATFORMS[account.platform].name;
  return (
    <li
      aria-label={`${account.handle} on ${platformName}`}
      className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4 first:pt-0 last:pb-0"
    >
      <AccountAvatar account={account} />
      <div className="min-w-48 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="truncate font-medium">{account.handle}</span>
          <AccountStatusBadge status={account.status} />
        </p>
        <p className="truncate text-sm text-muted-foreground">
          {platformName}
          {account.displayName && account.displayName !== account.handle ? ` · ${account.displayName}` : ''}
          {account.instanceUrl ? ` · ${new URL(account.instanceUrl).host}` : ''}
        </p>
        <p className="text-xs text-muted-foreground">{lastSyncLabel(account)}</p>
        {account.status === 'needs_reconnect' && account.lastError ? (
          <p className="mt-1 text-sm text-amber-800 dark:text-amber-200">{account.lastError}</p>
        ) : null}
      </div>
      <div className="flex w-full flex-wrap justify-end gap-2 sm:w-auto">
        {account.status === 'connected' ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Refresh ${account.handle}`}
            disabled={refresh.isPending}
            onClick={() =>
              refresh.mutate(account.id, {
                onSuccess: (updated) => toast.success(ACCOUNT_MESSAGES.refreshed(updated.handle)),
                onError: (error) => toast.error(error.message),
              })
            }
          >
            <RefreshCw aria-hidden="true" className={refresh.isPending ? 'animate-spin' : undefined} />
            Refresh
          </Button>
        ) : (
          <Button size="sm" onClick={() => onReconnect(account)}>
            Reconnect
          </Button>
        )}
        {account.status !== 'disconnected' ? (
          <Button variant="outline" size="sm" onClick={() => onDisconnect(account)}>
            <Unplug aria-hidden="true" />
            Disconnect
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The workspace's accounts, with Refresh, Reconnect and Disconnect (confirmed in a dialog). */
export function AccountList({
  accounts,
  onReconnect,
}: {
  accounts: SocialAccount[];
  onReconnect(account: SocialAccount): void;
}) {
  const disconnect = useDisconnectAccount();
  const [pending, setPending] = useState<SocialAccount | null>(null);

  if (accounts.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
        No accounts yet. Connect one below to start publishing.
      </p>
    );
  }
  return (
    <>
      <ul aria-label="Connected accounts" className="divide-y">
        {accounts.map((account) => (
          <AccountRow
            key={account.id}
            account={account}
            onReconnect={onReconnect}
            onDisconnect={setPending}
          />
        ))}
      </ul>
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={pending ? `Disconnect ${pending.handle}?` : 'Disconnect'}
        description="Relaycast forgets its tokens. Scheduled posts to this account are flagged for you to review, not published; reconnect it any time."
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setPending(null)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={disconnect.isPending}
            onClick={() => {
              if (!pending) return;
              disconnect.mutate(pending.id, {
                onSuccess: (account) => {
                  toast.success(ACCOUNT_MESSAGES.disconnected(account.handle));
                  setPending(null);
                },
                onError: (error) => toast.error(error.message),
              });
            }}
          >
            Disconnect
          </Button>
        </div>
      </Dialog>
    </>
  );
}
