import { NOTIFICATION_MESSAGES } from '@relaycast/shared/notifications';
import { useTranslation } from 'react-i18next';
import { useDisablePush, useEnablePush } from '@/api/notifications';
import { ToggleField } from '@/components/toggle-field';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';

/** Why push could not be turned on or off: the browser's refusal or the server's, through the one error toast. */
function showPushError(error: unknown): void {
  showError(error, translateMessage(NOTIFICATION_MESSAGES.pushFailed));
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
      disablePush.mutate(undefined, { onError: showPushError });
      return;
    }
    try {
      await enablePush.mutateAsync();
      onChange(true);
    } catch (error) {
      showPushError(error);
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
