import type { SocialAccount } from '@relaycast/shared/accounts';
import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { i18n } from '@/i18n';

/** The chosen platforms the workspace has no connected account on (a post there would fail at its time). */
export function platformsWithoutAccount(
  platforms: readonly PlatformId[],
  accounts: readonly SocialAccount[],
  accountsFor: (platform: PlatformId) => readonly string[] = (platform) =>
    accounts
      .filter((account) => account.platform === platform && account.status === 'connected')
      .map((a) => a.id),
): PlatformId[] {
  return platforms.filter((platform) => accountsFor(platform).length === 0);
}

function namesOf(platforms: readonly PlatformId[]): string {
  const names = platforms.map((platform) => PLATFORMS[platform].name);
  if (names.length <= 1) return names.join('');
  return i18n.t('{{first}} and {{last}}', {
    ns: 'common',
    first: names.slice(0, -1).join(', '),
    last: names.at(-1),
  });
}

/** The sentence said before publishing or scheduling to platforms without an account. */
export function missingAccountsMessage(platforms: readonly PlatformId[]): string {
  const names = namesOf(platforms);
  return platforms.length === 1
    ? i18n.t('No connected {{name}} account: the post cannot be published on {{name}}.', {
        ns: 'common',
        name: names,
      })
    : i18n.t('No connected accounts on {{names}}: the post cannot be published there.', {
        ns: 'common',
        names,
      });
}

/** Said under the chosen platforms while some have no account, with the way to connect one. */
export function MissingAccountsNotice({ platforms }: { platforms: readonly PlatformId[] }) {
  const { t } = useTranslation('common');
  if (platforms.length === 0) return null;
  return (
    <p className="text-sm text-amber-700 dark:text-amber-400">
      {missingAccountsMessage(platforms)}{' '}
      <Trans
        t={t}
        i18nKey="<0>Connect an account</0> before its time, or it will fail there."
        components={[
          <Link
            key="connect"
            to="/connected-accounts"
            className="font-medium text-primary underline-offset-4 hover:underline"
          />,
        ]}
      />
    </p>
  );
}

/**
 * Asked instead of publishing now to platforms without a connected account (the post would only fail there):
 * connect one, or remove those platforms.
 */
export function MissingAccountsDialog({
  platforms,
  onClose,
}: {
  /** The platforms without an account; the dialog is open while there are any. */
  platforms: readonly PlatformId[];
  onClose(): void;
}) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      open={platforms.length > 0}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('Connect an account first')}
      description={missingAccountsMessage(platforms)}
    >
      <p className="text-sm">
        {t('Connect an account there, or remove those platforms from the post, then publish.')}
      </p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {t('Cancel')}
        </Button>
        <Button asChild>
          <Link to="/connected-accounts">{t('Connect an account')}</Link>
        </Button>
      </div>
    </Dialog>
  );
}
