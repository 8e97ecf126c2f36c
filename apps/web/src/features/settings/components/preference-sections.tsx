import {
  LANGUAGE_LABELS,
  LANGUAGES,
  type NotificationSettings,
  type RegionSettings,
  SETTINGS_MESSAGES,
  type SecuritySettings,
} from '@relaycast/shared/settings';
import {
  languageWeekStart,
  WEEK_START_DAYS,
  WEEK_START_SETTINGS,
  type WeekDay,
} from '@relaycast/shared/week-start';
import { Bell, Globe, Shield } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from '@/components/settings-card';
import { ToggleField } from '@/components/toggle-field';
import { SelectField } from '@/components/ui/select-field';
import { timeZoneLabel, timeZoneOptions } from '@/lib/time-zone';
import type { SaveState } from '@/lib/use-save-as-you-go';

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
  saveState,
}: {
  value: NotificationSettings;
  onChange(value: NotificationSettings): void;
  pushToggle: UserSettingsParts['pushToggle'];
  saveState: SaveState;
}) {
  const { t } = useTranslation('settings');
  return (
    <SettingsCard title={t('Notifications')} icon={Bell} saveState={saveState}>
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
  saveState,
}: {
  value: SecuritySettings;
  onChange(value: SecuritySettings): void;
  parts: Pick<UserSettingsParts, 'twoFactor' | 'apiKeys' | 'devices'>;
  saveState: SaveState;
}) {
  const { t } = useTranslation('settings');
  return (
    <SettingsCard
      title={t('Security')}
      icon={Shield}
      description={t(SETTINGS_MESSAGES.securityDescription)}
      saveState={saveState}
    >
      {parts.twoFactor}
      <ToggleField
        label={t('API key access')}
        description={t('When off, the public API refuses every API key of yours.')}
        checked={value.apiKeyEnabled}
        onChange={(checked) => onChange({ ...value, apiKeyEnabled: checked })}
      />
      {parts.apiKeys}
      {parts.devices}
    </SettingsCard>
  );
}

/** A weekday's name in the interface's language (2023-01-01 was a Sunday). */
function weekdayName(day: WeekDay, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2023, 0, 1 + day),
  );
}

export function RegionSection({
  value,
  onChange,
  saveState,
}: {
  value: RegionSettings;
  onChange(value: RegionSettings): void;
  saveState: SaveState;
}) {
  const { t } = useTranslation('settings');
  const language = value.language;
  return (
    <SettingsCard title={t('Language & Region')} icon={Globe} saveState={saveState}>
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
        <SelectField
          label={t('First day of the week')}
          value={value.weekStart}
          options={WEEK_START_SETTINGS}
          format={(option) =>
            option === 'auto'
              ? t('As the language does ({{day}})', {
                  day: weekdayName(languageWeekStart(language), language),
                })
              : weekdayName(WEEK_START_DAYS[option], language)
          }
          onChange={(weekStart) => onChange({ ...value, weekStart })}
        />
      </div>
    </SettingsCard>
  );
}
