import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { Monitor } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRevokeOtherSessions, useRevokeSession, useSignedInDevices } from '@/api/devices';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { formatRelative } from '@/lib/time-zone';
import { toast } from '@/lib/toast';

/** Settings → Security: where the account is signed in, and "Sign out everywhere else". */
export function SignedInDevices() {
  const devices = useSignedInDevices();
  const revoke = useRevokeOtherSessions();
  const revokeOne = useRevokeSession();
  const { t } = useTranslation('devices');

  async function signOutOthers() {
    try {
      await revoke.mutateAsync();
      toast.success(t(AUTH_MESSAGES.sessionsRevoked));
    } catch (error) {
      showError(error, translateMessage(AUTH_MESSAGES.signOutFallback));
    }
  }

  async function signOutDevice(id: string) {
    try {
      await revokeOne.mutateAsync(id);
      toast.success(t(AUTH_MESSAGES.sessionRevoked));
    } catch (error) {
      showError(error, translateMessage(AUTH_MESSAGES.signOutFallback));
    }
  }

  const list = devices.data?.devices ?? [];
  const hasOthers = list.some((device) => !device.isCurrent);
  return (
    <div className="grid gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{t('Signed-in devices')}</h3>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!hasOthers || revoke.isPending}
          onClick={() => void signOutOthers()}
        >
          {t('Sign out everywhere else')}
        </Button>
      </div>
      {devices.isPending ? <Spinner label={t('Loading your devices')} /> : null}
      {devices.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {devices.error.message}
        </p>
      ) : null}
      {list.length > 0 ? (
        <ul aria-label={t('Signed-in devices')} className="grid gap-2">
          {list.map((device) => (
            <li key={device.id} className="flex items-start gap-3 rounded-lg border p-3 text-sm">
              <Monitor aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {t('{{browser}} on {{os}}', { browser: device.browser, os: device.os })}
                  {device.isCurrent ? <Badge>{t('This device')}</Badge> : null}
                </span>
                <span className="break-all text-xs text-muted-foreground">
                  {device.ipAddress ?? t('Unknown address')} ·{' '}
                  {t('last active {{when}}', { when: formatRelative(device.lastActiveAt) })}
                </span>
              </div>
              {device.isCurrent ? null : (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="shrink-0"
                  aria-label={t('Sign out {{browser}} on {{os}}', { browser: device.browser, os: device.os })}
                  disabled={revokeOne.isPending}
                  onClick={() => void signOutDevice(device.id)}
                >
                  {t('Sign out')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {!hasOthers && devices.isSuccess ? (
        <p className="text-xs text-muted-foreground">{t('You are signed in on this device only.')}</p>
      ) : null}
    </div>
  );
}
