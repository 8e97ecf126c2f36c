import type { ConnectablePlatform, SocialAccount } from '@relaycast/shared/accounts';
import type { PlatformId } from '@relaycast/shared/platforms';
import type { ConnectThroughInput } from '@relaycast/shared/proxies';
import { AlertTriangle, CheckCircle2, Link2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccounts, useConnectablePlatforms, useStartOAuth } from '@/api/accounts';
import { useCan } from '@/components/role-gate';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/i18n';
import { cn } from '@/lib/cn';
import { showError } from '@/lib/show-error';
import { accountMessages, localizedOauthResult } from '../account-messages';
import { AccountList, type AccountParts } from './account-list';
import { BlueskyConnectDialog } from './bluesky-connect-dialog';
import { MastodonConnectDialog } from './mastodon-connect-dialog';
import { PlatformList } from './platform-list';
import { PlatformSetupDialog } from './platform-setup-dialog';

type OpenDialog = { kind: 'bluesky' | 'mastodon'; account?: SocialAccount } | null;

/**
 * What a connect or reconnect sends besides its own fields: the reconnected account and a proxy to connect through
 * (docs/decisions/0098-proxy-at-connection.md); null stops it (invalid proxy values, a change not confirmed).
 */
export type AskConnectThrough = (account?: SocialAccount) => Promise<ConnectThroughInput | null>;

const directly: AskConnectThrough = async (account) => (account ? { accountId: account.id } : {});

/** A part composed into the connect section (the proxy to connect through, from features/proxies). */
export interface ConnectPart {
  panel: ReactNode;
  ask: AskConnectThrough;
}

/** The outcome of an OAuth round trip, read once from the URL the callback sent the browser to. */
function useCallbackResult() {
  const [params, setParams] = useSearchParams();
  const [result] = useState(() => localizedOauthResult(params));
  useEffect(() => {
    if (!params.has('result')) return;
    setParams({}, { replace: true });
  }, [params, setParams]);
  return result;
}

/** /connected-accounts: the workspace's accounts, their status, and connecting more. */
// function-budget: ConnectedAccountsScreen lays out one screen part in one JSX tree; split into named parts when it next changes
export function ConnectedAccountsScreen({
  accountParts,
  connectPart,
}: {
  accountParts?: AccountParts;
  connectPart?: ConnectPart;
} = {}) {
  const { t } = useTranslation('accounts');
  const accounts = useAccounts();
  const platforms = useConnectablePlatforms();
  const startOAuth = useStartOAuth();
  const result = useCallbackResult();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [setUpPlatform, setSetUpPlatform] = useState<PlatformId | null>(null);
  const canSetUp = useCan('manageAccounts') === true;

  const ask = connectPart?.ask ?? directly;

  async function connect(
    platform: PlatformId,
    method: ConnectablePlatform['method'],
    account?: SocialAccount,
  ) {
    if (method === 'app-password') return setDialog({ kind: 'bluesky', account });
    if (method === 'instance-oauth2') return setDialog({ kind: 'mastodon', account });
    const through = await ask(account);
    if (!through) return;
    startOAuth.mutate({ platform, through }, { onError: (error) => showError(error) });
  }

  const list = accounts.data ?? [];
  const needingReconnect = list.filter((account) => account.status === 'needs_reconnect');
  const limits = platforms.data?.limits;
  const isAtLimit = limits ? limits.used >= limits.socialAccounts : false;
  const methodOf = (platform: PlatformId) =>
    platforms.data?.platforms.find((candidate) => candidate.platform === platform)?.method ?? 'oauth2';

  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6">
      <header>
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight sm:text-3xl">
          <Link2 aria-hidden="true" className="size-6 text-primary" />
          {t('Connected accounts')}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {t(
            'The social accounts this workspace publishes to. Tokens are stored encrypted and refreshed before they expire.',
          )}
        </p>
      </header>

      {result ? (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={cn(
            'flex items-start gap-2 rounded-lg border px-4 py-3 text-sm',
            result.ok
              ? 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100'
              : 'border-destructive/40 bg-destructive/10 text-destructive',
          )}
        >
          {result.ok ? (
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          )}
          {result.message}
        </p>
      ) : null}

      {needingReconnect.length > 0 ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {accountMessages.needsReconnectBanner(needingReconnect.length)}
        </div>
      ) : null}

      <section aria-labelledby="accounts-heading" className="rounded-xl border bg-card p-5 shadow-sm">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="accounts-heading" className="font-semibold">
            {t('Your accounts')}
          </h2>
          {limits ? (
            <p className="text-sm text-muted-foreground">
              {t('{{used}} of {{total}} accounts on the {{plan}} plan (up to {{perPlatform}} per platform)', {
                used: formatNumber(limits.used),
                total: formatNumber(limits.socialAccounts),
                plan: t(limits.planName),
                perPlatform: formatNumber(limits.accountsPerPlatform),
              })}
            </p>
          ) : null}
        </div>
        {accounts.isPending ? (
          <Spinner label={t('Loading accounts')} />
        ) : accounts.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {accounts.error.message}
          </p>
        ) : (
          <AccountList
            accounts={list}
            onReconnect={(account) => void connect(account.platform, methodOf(account.platform), account)}
            parts={accountParts}
          />
        )}
      </section>

      <section aria-labelledby="platforms-heading" className="rounded-xl border bg-card p-5 shadow-sm">
        <h2 id="platforms-heading" className="font-semibold">
          {t('Connect an account')}
        </h2>
        {isAtLimit && limits ? (
          <p className="mt-1 text-sm text-muted-foreground">
            {accountMessages.totalLimit(limits.socialAccounts, limits.planName)}
          </p>
        ) : null}
        {connectPart ? <div className="mt-4">{connectPart.panel}</div> : null}
        <div className="mt-4">
          {platforms.isPending ? (
            <Spinner label={t('Loading platforms')} />
          ) : platforms.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {platforms.error.message}
            </p>
          ) : (
            <PlatformList
              platforms={platforms.data.platforms}
              isAtLimit={isAtLimit}
              busyPlatform={
                startOAuth.isPending || startOAuth.isSuccess ? (startOAuth.variables?.platform ?? null) : null
              }
              onConnect={(platform) => void connect(platform.platform, platform.method)}
              onSetUp={canSetUp ? (platform) => setSetUpPlatform(platform.platform) : undefined}
            />
          )}
        </div>
      </section>

      <PlatformSetupDialog
        key={setUpPlatform ?? 'none'}
        platform={setUpPlatform}
        onClose={() => setSetUpPlatform(null)}
      />
      <BlueskyConnectDialog
        key={dialog?.kind === 'bluesky' ? `bluesky-${dialog.account?.id ?? ''}` : 'bluesky'}
        open={dialog?.kind === 'bluesky'}
        initialHandle={dialog?.kind === 'bluesky' ? (dialog.account?.handle ?? '') : ''}
        askThrough={() => ask(dialog?.account)}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
      />
      <MastodonConnectDialog
        key={dialog?.kind === 'mastodon' ? `mastodon-${dialog.account?.id ?? ''}` : 'mastodon'}
        open={dialog?.kind === 'mastodon'}
        initialInstance={dialog?.kind === 'mastodon' ? (dialog.account?.instanceUrl ?? '') : ''}
        askThrough={() => ask(dialog?.account)}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
      />
    </div>
  );
}
