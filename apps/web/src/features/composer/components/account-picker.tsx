import type { SocialAccount } from '@relaycast/shared/accounts';
import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccounts } from '@/api/accounts';
import { PlatformIcon } from '@/components/platform-icon';
import { useCan } from '@/components/role-gate';

/** The accounts that will be used for a platform: the chosen ones, else the only connected one. */
export function effectiveAccounts(
  platform: PlatformId,
  chosen: Partial<Record<PlatformId, string[]>>,
  accounts: readonly SocialAccount[],
): string[] {
  const explicit = chosen[platform];
  if (explicit !== undefined) return explicit;
  const connected = accounts.filter((a) => a.platform === platform && a.status === 'connected');
  return connected.length === 1 && connected[0] ? [connected[0].id] : [];
}

/**
 * For each chosen platform, the connected accounts to publish to (checkboxes). The only connected account of a
 * platform is preselected; a platform without one says so and links to the Connected accounts screen, since
 * its post would otherwise fail at its time.
 */
export function AccountPicker({
  platforms,
  chosen,
  onChange,
}: {
  platforms: readonly PlatformId[];
  chosen: Partial<Record<PlatformId, string[]>>;
  onChange(accounts: Partial<Record<PlatformId, string[]>>): void;
}) {
  const { t } = useTranslation('composer');
  const id = useId();
  const query = useAccounts();
  // A role that may not connect accounts is told whom to ask, not offered a link it cannot use.
  const canConnect = useCan('manageAccounts') !== false;
  if (platforms.length === 0) return null;
  const accounts = query.data ?? [];
  return (
    <div className="mt-4 grid gap-3">
      <h3 id={id} className="text-sm font-semibold">
        {t('Accounts')}
      </h3>
      {query.isPending ? <p className="text-sm text-muted-foreground">{t('Loading accounts…')}</p> : null}
      {query.isError ? (
        <p className="text-sm text-destructive">{t('Could not load the connected accounts.')}</p>
      ) : null}
      {query.isSuccess
        ? platforms.map((platform) => {
            const forPlatform = accounts.filter((account) => account.platform === platform);
            const selected = effectiveAccounts(platform, chosen, accounts);
            const name = PLATFORMS[platform].name;
            return (
              <fieldset key={platform} className="grid gap-1.5">
                <legend className="flex items-center gap-1.5 text-sm font-medium">
                  <PlatformIcon platform={platform} className="size-3.5" />
                  {name}
                </legend>
                {forPlatform.length === 0 && !canConnect ? (
                  <p className="text-sm text-amber-700 dark:text-amber-400">
                    {t(
                      'No connected {{name}} account: ask a workspace owner or admin to connect one, or this post cannot be published there.',
                      { name },
                    )}
                  </p>
                ) : forPlatform.length === 0 ? (
                  <p className="text-sm text-amber-700 dark:text-amber-400">
                    <Trans
                      t={t}
                      i18nKey="No connected {{name}} account. <a>Connect one</a> or this post cannot be published there."
                      values={{ name }}
                      components={{
                        a: (
                          <Link
                            to="/connected-accounts"
                            className="font-medium text-primary underline-offset-4 hover:underline"
                          />
                        ),
                      }}
                    />
                  </p>
                ) : (
                  <div className="flex flex-wrap gap-x-4 gap-y-1.5">
                    {forPlatform.map((account) => (
                      <label key={account.id} className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="size-4 accent-primary"
                          checked={selected.includes(account.id)}
                          onChange={(event) => {
                            const next = event.target.checked
                              ? [...selected, account.id]
                              : selected.filter((candidate) => candidate !== account.id);
                            onChange({ ...chosen, [platform]: next });
                          }}
                        />
                        @{account.handle}
                        {account.status !== 'connected' ? (
                          <span className="text-xs text-destructive">{t('(needs reconnecting)')}</span>
                        ) : null}
                      </label>
                    ))}
                  </div>
                )}
              </fieldset>
            );
          })
        : null}
    </div>
  );
}
