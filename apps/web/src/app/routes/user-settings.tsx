import { TwoFactorSetting } from '@/features/auth/components/two-factor-setting';
import { SignedInDevices } from '@/features/devices/components/signed-in-devices';
import { PushToggleField } from '@/features/notifications/components/push-toggle-field';
import { ApiKeysSetting } from '@/features/public-api/components/api-keys-setting';
import { UserSettingsForm } from '@/features/settings/components/user-settings-form';

/**
 * The user's settings form with the parts other features own: the push switch (notifications), two-factor
 * sign-in (auth), the API keys (public-api) and the signed-in devices (devices). /settings and /stream-settings
 * both show it.
 */
export function UserSettings() {
  return (
    <UserSettingsForm
      parts={{
        pushToggle: (props) => <PushToggleField {...props} />,
        twoFactor: <TwoFactorSetting />,
        apiKeys: <ApiKeysSetting />,
        devices: <SignedInDevices />,
      }}
    />
  );
}
