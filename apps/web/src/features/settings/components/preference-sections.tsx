import {
  LANGUAGE_LABELS,
  LANGUAGES,
  type NotificationSettings,
  type RegionSettings,
  SETTINGS_MESSAGES,
  type SecuritySettings,
} from '@relaycast/shared/settings';
import { Bell, Globe, Shield } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from '@/components/settings-card';
import { ToggleField } from '@/components/toggle-field';
import { SelectField } from '@/components/ui/select-field';
import { SignedInDevices } from '@/features/devices/components/signed-in-devices';
import { ApiKeysSetting } from '@/features/public-api/components/api-keys-setting';
import { timeZoneLabel, timeZoneOptions } from '@/lib/time-zone';
import { PushToggleField } from './push-toggle-field';
import { TwoFactorSetting } from './two-factor-setting';

export function NotificationsSection({
  value,
  onChange,
}: {
  value: NotificationSettings;
  onChange(value: NotificationSettings): void;
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
      <PushToggleField
        checked={value.pushNotifications}
        onChange={(checked) => onChange({ ...value, pushNotifications: checked })}
      />
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
}: {
  value: SecuritySettings;
  onChange(value: SecuritySettings): void;
}) {
  const { t } = useTranslation('settings');
  return (
    <SettingsCard title={t('Security')} icon={Shield} description={t(SETTINGS_MESSAGES.securityDescription)}>
      <TwoFactorSetting />
      <ToggleField
        label={t('API key access')}
        description={t(
          'When off, the public API refuses every API key of yours (saved with the other settings).',
        )}
        checked={value.apiKeyEnabled}
        onChange={(checked) => onChange({ ...value, apiKeyEnabled: checked })}
      />
      <ApiKeysSetting />
      <SignedInDevices />
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
