import {
  LANGUAGE_LABELS,
  LANGUAGES,
  type NotificationSettings,
  type RegionSettings,
  SETTINGS_MESSAGES,
  type SecuritySettings,
} from '@relaycast/shared/settings';
import { Bell, Globe, Shield } from 'lucide-react';
import { SelectField } from '@/components/ui/select-field';
import { timeZoneLabel, timeZoneOptions } from '@/lib/time-zone';
import { ApiKeysSetting } from './api-keys-setting';
import { PushToggleField } from './push-toggle-field';
import { SettingsCard } from './settings-card';
import { SignedInDevices } from './signed-in-devices';
import { ToggleField } from './toggle-field';
import { TwoFactorSetting } from './two-factor-setting';

export function NotificationsSection({
  value,
  onChange,
}: {
  value: NotificationSettings;
  onChange(value: NotificationSettings): void;
}) {
  return (
    <SettingsCard title="Notifications" icon={Bell}>
      <ToggleField
        label="Email notifications"
        description="News about your posts and account by e-mail."
        checked={value.emailNotifications}
        onChange={(checked) => onChange({ ...value, emailNotifications: checked })}
      />
      <PushToggleField
        checked={value.pushNotifications}
        onChange={(checked) => onChange({ ...value, pushNotifications: checked })}
      />
      <ToggleField
        label="Stream notifications"
        description="Reminders for planned streams and alerts while you are live."
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
  return (
    <SettingsCard title="Security" icon={Shield} description={SETTINGS_MESSAGES.securityDescription}>
      <TwoFactorSetting />
      <ToggleField
        label="API key access"
        description="When off, the public API refuses every API key of yours (saved with the other settings)."
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
  return (
    <SettingsCard title="Language & Region" icon={Globe}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Language"
          value={value.language}
          options={LANGUAGES}
          format={(option) => LANGUAGE_LABELS[option]}
          onChange={(language) => onChange({ ...value, language })}
        />
        <SelectField
          label="Timezone"
          value={value.timezone}
          options={timeZoneOptions(value.timezone)}
          format={timeZoneLabel}
          onChange={(timezone) => onChange({ ...value, timezone })}
        />
      </div>
    </SettingsCard>
  );
}
