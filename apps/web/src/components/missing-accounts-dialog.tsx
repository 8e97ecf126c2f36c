import type { SocialAccount } from '@relaycast/shared/accounts';
import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

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
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The sentence said before publishing or scheduling to platforms without an account. */
export function missingAccountsMessage(platforms: readonly PlatformId[]): string {
  const names = namesOf(platforms);
  return platforms.length === 1
    ? `No connected ${names} account: the post cannot be published on ${names}.`
    : `No connected accounts on ${names}: the post cannot be published there.`;
}

/** Said under the chosen platforms while some have no account, with the way to connect one. */
export function MissingAccountsNotice({ platforms }: { platforms: readonly PlatformId[] }) {
  if (platforms.length === 0) return null;
  return (
    <p className="text-sm text-amber-700 dark:text-amber-400">
      {missingAccountsMessage(platforms)}{' '}
      <Link to="/connected-accounts" className="font-medium text-primary underline-offset-4 hover:underline">
        Connect an account
      </Link>{' '}
      before its time, or it will fail there.
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
  return (
    <Dialog
      open={platforms.length > 0}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Connect an account first"
      description={missingAccountsMessage(platforms)}
    >
      <p className="text-sm">
        Connect an account there, or remove those platforms from the post, then publish.
      </p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button asChild>
          <Link to="/connected-accounts">Connect an account</Link>
        </Button>
      </div>
    </Dialog>
  );
}
