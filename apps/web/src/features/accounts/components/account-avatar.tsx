import type { SocialAccount } from '@relaycast/shared/accounts';
import { useState } from 'react';
import { PlatformIcon } from '@/components/platform-icon';

/** The account's picture (from the platform), or its initial when there is none or it fails to load. */
export function AccountAvatar({ account }: { account: SocialAccount }) {
  const [failed, setFailed] = useState(false);
  const initial = (account.displayName || account.handle).replace(/^@/, '').charAt(0).toUpperCase();
  return (
    <span className="relative inline-flex size-11 shrink-0">
      {account.avatarUrl && !failed ? (
        <img
          src={account.avatarUrl}
          alt=""
          className="size-11 rounded-full border object-cover"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
        />
      ) : (
        <span
          aria-hidden="true"
          className="inline-flex size-11 items-center justify-center rounded-full bg-accent text-base font-semibold text-accent-foreground"
        >
          {initial || '?'}
        </span>
      )}
      <span className="absolute -right-1 -bottom-1 inline-flex size-5 items-center justify-center rounded-full border bg-card">
        <PlatformIcon platform={account.platform} className="size-3" />
      </span>
    </span>
  );
}
