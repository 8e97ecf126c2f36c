import type { ConnectablePlatform } from '@relaycast/shared/accounts';
import { Settings2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '@/components/platform-icon';
import { Button } from '@/components/ui/button';

/**
 * Every platform with its way in: Connect when the server can, "Not configured" with the variables the
 * operator must set, or "Not available yet" when this server has no connector for it. `onSetUp`, for those who
 * connect accounts, adds "Set up" (the platform's setup and key check, docs/platform-setup.md).
 */
export function PlatformList({
  platforms,
  isAtLimit,
  busyPlatform,
  onConnect,
  onSetUp,
}: {
  platforms: ConnectablePlatform[];
  isAtLimit: boolean;
  busyPlatform: string | null;
  onConnect(platform: ConnectablePlatform): void;
  onSetUp?(platform: ConnectablePlatform): void;
}) {
  const { t } = useTranslation('accounts');
  return (
    <ul aria-label={t('Platforms')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {platforms.map((platform) => (
        <li
          key={platform.platform}
          aria-label={platform.name}
          className="flex flex-col gap-3 rounded-lg border bg-card p-4"
        >
          <p className="flex items-center gap-2 font-medium">
            <PlatformIcon platform={platform.platform} className="size-5" />
            {platform.name}
          </p>
          {platform.state === 'ready' ? (
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                disabled={isAtLimit || busyPlatform === platform.platform}
                aria-label={t('Connect {{platform}}', { platform: platform.name })}
                onClick={() => onConnect(platform)}
              >
                {busyPlatform === platform.platform ? t('Opening…') : t('Connect')}
              </Button>
              {onSetUp ? <SetUpButton platform={platform} variant="ghost" onSetUp={onSetUp} /> : null}
            </div>
          ) : platform.state === 'not_configured' ? (
            <div className="text-sm">
              <p className="font-medium text-muted-foreground">{t('Not configured')}</p>
              <p className="mt-1 text-xs text-muted-foreground">
                {t('An administrator sets on the server:')}
              </p>
              <ul
                aria-label={t('Variables for {{platform}}', { platform: platform.name })}
                className="mt-1 grid gap-1"
              >
                {platform.missing.map((name) => (
                  <li key={name}>
                    <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.7rem] text-foreground">
                      {name}
                    </code>
                  </li>
                ))}
              </ul>
              {onSetUp ? (
                <SetUpButton platform={platform} variant="outline" onSetUp={onSetUp} className="mt-3" />
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{t('Not available yet')}</p>
          )}
        </li>
      ))}
    </ul>
  );
}

function SetUpButton({
  platform,
  variant,
  onSetUp,
  className,
}: {
  platform: ConnectablePlatform;
  variant: 'outline' | 'ghost';
  onSetUp(platform: ConnectablePlatform): void;
  className?: string;
}) {
  const { t } = useTranslation('accounts');
  return (
    <Button
      size="sm"
      variant={variant}
      className={className}
      aria-label={t('Set up {{platform}}', { platform: platform.name })}
      onClick={() => onSetUp(platform)}
    >
      <Settings2 aria-hidden="true" />
      {t('Set up')}
    </Button>
  );
}
