import {
  LANGUAGE_LABELS,
  LANGUAGES,
  type NotificationSettings,
  type RegionSettings,
  SETTINGS_MESSAGES,
  type SecuritySettings,
} from '@relaycast/shared/settings';
import { Bell, Globe, Shield } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from '@/components/settings-card';
import { ToggleField } from '@/components/toggle-field';
import { SelectField } from '@/components/ui/select-field';
import { timeZoneLabel, timeZoneOptions } from '@/lib/time-zone';

/**
 * What other features show inside the settings form: the route composes them (app/routes/user-settings.tsx),
 * since a feature never imports another (docs/decisions/0019-web-layout.md).
 */
export interface UserSettingsParts {
  /** Notifications: the browser-push switch (features/notifications), driven by the form's value. */
  pushToggle(props: { checked: boolean; onChange(checked: boolean): void }): ReactNode;
  /** Security, above the API key switch: two-factor sign-in (features/auth). */
  twoFactor: ReactNode;
  /** Security, below it: the API keys (features/public-api). */
  apiKeys: ReactNode;
  /** Security, last: the signed-in devices (features/devices). */
  devices: ReactNode;
}

export function NotificationsSection({
  value,
  onChange,
  pushToggle,
}: {
  value: NotificationSettings;
  onChange(value: NotificationSettings): void;
  pushToggle: UserSettingsParts['pushToggle'];
}) {
  const { t } = useTranslation('settings');
  return (
    <SettingsCard title={t('Notifications')} icon={Bell}>
      <ToggleField
        label={t('Email notifications')}
        description={t('News about your posts and account by e-mail.')}
        checked={value.emailNotifications}
        onChange={(checked) => onChange({ ...value, emailNotifications: checked })}
      />
      {pushToggle({
        checked: value.pushNotifications,
        onChange: (checked) => onChange({ ...value, pushNotifications: checked }),
      })}
      <ToggleField
        label={t('Stream notifications')}
        description={t('Reminders for planned streams and alerts while you are live.')}
        checked={value.streamNotifications}
        onChange={(checked) => onChange({ ...value, streamNotifications: checked })}
      />
    </SettingsCard>
  );
}

export function SecuritySection({
  value,
  onChange,
  parts,
}: {
  value: SecuritySettings;
  onChange(value: SecuritySettings): void;
  parts: Pick<UserSettingsParts, 'twoFactor' | 'apiKeys' | 'devices'>;
}) {
  const { t } = useTranslation('settings');
  return (
    <SettingsCard title={t('Security')} icon={Shield} description={t(SETTINGS_MESSAGES.securityDescription)}>
      {parts.twoFactor}
      <ToggleField
        label={t('API key access')}
        description={t(
          'When off, the public API refuses every API key of yours (saved with the other settings).',
        )}
        checked={value.apiKeyEnabled}
        onChange={(checked) => onChange({ ...value, apiKeyEnabled: checked })}
      />
      {parts.apiKeys}
      {parts.devices}
    </SettingsCard>
  );
}

export function RegionSection({
  value,
  onChange,
}: {
  value: RegionSettings;
  onChange(value: RegionSettings): void;
}) {
  const { t } = useTranslation('settings');
  return (
    <SettingsCard title={t('Language & Region')} icon={Globe}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('Language')}
          value={value.language}
          options={LANGUAGES}
          format={(option) => LANGUAGE_LABELS[option]}
          onChange={(language) => onChange({ ...value, language })}
        />
        <SelectField
          label={t('Timezone')}
          value={value.timezone}
          options={timeZoneOptions(value.timezone)}
          format={timeZoneLabel}
          onChange={(timezone) => onChange({ ...value, timezone })}
        />
      </div>
    </SettingsCard>
  );
}
