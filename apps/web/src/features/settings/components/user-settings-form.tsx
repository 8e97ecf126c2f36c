import { SETTINGS_MESSAGES, type UserSettings, userSettingsSchema } from '@relaycast/shared/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveUserSettings, useUserSettings } from '@/api/settings';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import {
  NotificationsSection,
  RegionSection,
  SecuritySection,
  type UserSettingsParts,
} from './preference-sections';
import { StreamSettingsSection } from './stream-settings-section';

function Form({ initial, parts }: { initial: UserSettings; parts: UserSettingsParts }) {
  const [settings, setSettings] = useState(initial);
  const save = useSaveUserSettings();
  const { t } = useTranslation('settings');

  async function submit() {
    const parsed = userSettingsSchema.safeParse(settings);
    if (!parsed.success)
      return toast.error(translateMessage(parsed.error.issues[0]?.message ?? SETTINGS_MESSAGES.saveFailed));
    try {
      setSettings(await save.mutateAsync(parsed.data));
      toast.success(t(SETTINGS_MESSAGES.saved));
    } catch (error) {
      showError(error, translateMessage(SETTINGS_MESSAGES.saveFailed));
    }
  }

  return (
    <form
      noValidate
      aria-label={t('Stream, notification, security and region settings')}
      className="grid gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <StreamSettingsSection
        value={settings.stream}
        onChange={(stream) => setSettings((current) => ({ ...current, stream }))}
      />
      <NotificationsSection
        pushToggle={parts.pushToggle}
        value={settings.notifications}
        onChange={(notifications) => setSettings((current) => ({ ...current, notifications }))}
      />
      <SecuritySection
        parts={parts}
        value={settings.security}
        onChange={(security) => setSettings((current) => ({ ...current, security }))}
      />
      <RegionSection
        value={settings.region}
        onChange={(region) => setSettings((current) => ({ ...current, region }))}
      />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t('Save Settings')}
        </Button>
      </div>
    </form>
  );
}

export type { UserSettingsParts } from './preference-sections';

/**
 * The user's settings form (Stream Settings first), used by /settings and /stream-settings, with the parts
 * other features own (app/routes/user-settings.tsx passes them).
 */
export function UserSettingsForm({ parts }: { parts: UserSettingsParts }) {
  const settings = useUserSettings();
  const { t } = useTranslation('settings');
  if (settings.isPending) return <Spinner label={t('Loading your settings')} />;
  if (settings.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {settings.error.message || translateMessage(SETTINGS_MESSAGES.loadFailed)}
      </p>
    );
  return <Form initial={settings.data} parts={parts} />;
}
