import { NOTIFICATION_MESSAGES } from '@relaycast/shared/notifications';
import { useTranslation } from 'react-i18next';
import { useDisablePush, useEnablePush } from '@/api/notifications';
import { ToggleField } from '@/components/toggle-field';
import { translateMessage } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { PushSetupError } from '@/lib/web-push';

function reasonOf(error: unknown): string {
  return error instanceof PushSetupError || (error instanceof ApiError && error.status < 500)
    ? error.message
    : translateMessage(NOTIFICATION_MESSAGES.pushFailed);
}

/**
 * The "Push notifications" switch: turning it on registers the service worker and subscribes this browser
 * (it stays off, with the reason in a toast, when the browser refuses); turning it off unsubscribes. The
 * setting itself is saved with the others.
 */
export function PushToggleField({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const enablePush = useEnablePush();
  const disablePush = useDisablePush();
  const { t } = useTranslation('notifications');

  async function change(next: boolean) {
    if (!next) {
      onChange(false);
      disablePush.mutate(undefined, { onError: (error) => toast.error(reasonOf(error)) });
      return;
    }
    try {
      await enablePush.mutateAsync();
      onChange(true);
    } catch (error) {
      toast.error(reasonOf(error));
    }
  }

  return (
    <ToggleField
      label={t('Push notifications')}
      description={t('Alerts in this browser.')}
      checked={checked}
      onChange={(next) => void change(next)}
    />
  );
}
