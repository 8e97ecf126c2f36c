import { SETTINGS_MESSAGES, type UserSettings } from '@relaycast/shared/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveUserSettings, useUserSettings } from '@/api/settings';
import { Spinner } from '@/components/ui/spinner';
import { applyLanguage, translateMessage } from '@/i18n';
import { type SaveState, useSaveAsYouGo } from '@/lib/use-save-as-you-go';
import {
  NotificationsSection,
  RegionSection,
  SecuritySection,
  type UserSettingsParts,
} from './preference-sections';
import { StreamSettingsSection } from './stream-settings-section';

type Section = keyof UserSettings;

/**
 * The sections save as you go (docs/decisions/0078-settings-save-as-you-go-and-week-start.md): a change shows
 * at once (the language switches, dates move to the new zone), is saved in the background, and the section
 * that changed says "Saving…", then "Saved". No Save button.
 */
function Form({ settings, parts }: { settings: UserSettings; parts: UserSettingsParts }) {
  const store = useSaveUserSettings();
  const [changed, setChanged] = useState<Section | null>(null);
  const { state, commit } = useSaveAsYouGo(store.save, {
    failureMessage: translateMessage(SETTINGS_MESSAGES.saveFailed),
    onFailed: () => void store.reload(),
  });

  function change<K extends Section>(section: K, value: UserSettings[K]) {
    const next = { ...(store.current() ?? settings), [section]: value };
    store.show(next);
    setChanged(section);
    if (section === 'region') void applyLanguage(next.region.language);
    void commit(next);
  }
  const stateOf = (section: Section): SaveState => (changed === section ? state : 'idle');

  return (
    <div className="grid gap-6">
      <StreamSettingsSection
        value={settings.stream}
        saveState={stateOf('stream')}
        onChange={(stream) => change('stream', stream)}
      />
      <NotificationsSection
        pushToggle={parts.pushToggle}
        value={settings.notifications}
        saveState={stateOf('notifications')}
        onChange={(notifications) => change('notifications', notifications)}
      />
      <SecuritySection
        parts={parts}
        value={settings.security}
        saveState={stateOf('security')}
        onChange={(security) => change('security', security)}
      />
      <RegionSection
        value={settings.region}
        saveState={stateOf('region')}
        onChange={(region) => change('region', region)}
      />
    </div>
  );
}

export type { UserSettingsParts } from './preference-sections';

/**
 * The user's settings (Stream Settings first), used by /settings and /stream-settings, with the parts other
 * features own (app/routes/user-settings.tsx passes them). Each change is saved as it is made.
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
  return <Form settings={settings.data} parts={parts} />;
}
