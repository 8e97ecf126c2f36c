import {
  SHORT_LINK_MESSAGES,
  SHORT_LINK_MODES,
  type ShortLinkMode,
  type ShortLinkSettings,
  shortLinkSettingsSchema,
} from '@relaycast/shared/short-links';
import { Settings2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveShortLinkSettings, useShortLinkSettings } from '@/api/short-links';
import { useCan } from '@/components/role-gate';
import { SettingsCard } from '@/components/settings-card';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useSaveAsYouGo } from '@/lib/use-save-as-you-go';

/** The campaign when none is named: a UTM value, the same in every language. */
const DEFAULT_CAMPAIGN = 'relaycast';

const MODE_LABELS: Record<ShortLinkMode, string> = {
  always: 'Always, unless a post turns it off',
  ask: 'Only posts that turn it on',
  never: 'Never',
};

/**
 * Shortening at publish (docs/short-links.md): the workspace's mode and the default utm_campaign. Owners and
 * admins change it (`PUT /api/short-links/settings` declares manageWorkspace); everyone else reads it. It saves
 * as you go (docs/conventions.md, "A setting saves as you go"): the mode when it is chosen, the campaign when
 * the field is left or Enter is pressed.
 */
export function ShortLinkSettingsCard() {
  const { t } = useTranslation('short-links');
  const settings = useShortLinkSettings();
  const save = useSaveShortLinkSettings();
  const canManage = useCan('manageWorkspace') === true;
  const [mode, setMode] = useState<ShortLinkMode>('ask');
  const [campaign, setCampaign] = useState('');
  const [error, setError] = useState<string | null>(null);
  const stored = settings.data;
  const saving = useSaveAsYouGo((input: ShortLinkSettings) => save.mutateAsync(input), {
    failureMessage: t('Could not save the link settings.'),
    onFailed: () => void settings.refetch().then(({ data }) => data && showStored(data)),
  });

  function showStored(data: ShortLinkSettings) {
    setMode(data.mode);
    setCampaign(data.campaign);
  }

  useEffect(() => {
    if (!stored) return;
    setMode(stored.mode);
    setCampaign(stored.campaign);
  }, [stored]);

  /** Saves what is shown when it differs from what is stored; a campaign too long is said, not sent. */
  function commit(next: { mode: ShortLinkMode; campaign: string }) {
    const parsed = shortLinkSettingsSchema.safeParse(next);
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? SHORT_LINK_MESSAGES.campaignTooLong);
    setError(null);
    if (stored && parsed.data.mode === stored.mode && parsed.data.campaign === stored.campaign) return;
    void saving.commit(parsed.data);
  }

  return (
    <SettingsCard
      title={t('Shorten links when publishing')}
      icon={Settings2}
      saveState={saving.state}
      description={t(
        'Each network gets its own short link for every address in a post, with utm_source set to the network and utm_medium to social.',
      )}
    >
      {settings.isPending ? (
        <Spinner />
      ) : (
        <form
          noValidate
          className="grid gap-4 sm:grid-cols-2 sm:items-start"
          onSubmit={(event) => {
            event.preventDefault();
            commit({ mode, campaign });
          }}
        >
          <SelectField
            label={t('Shorten the links of posts')}
            value={mode}
            options={SHORT_LINK_MODES}
            format={(option) => t(MODE_LABELS[option])}
            onChange={(next) => {
              setMode(next);
              commit({ mode: next, campaign: stored?.campaign ?? campaign });
            }}
            disabled={!canManage}
          />
          <FormField
            label={t('Campaign (utm_campaign)')}
            placeholder={DEFAULT_CAMPAIGN}
            value={campaign}
            disabled={!canManage}
            enterKeyHint="done"
            error={error ?? undefined}
            hint={t('Used when a post names no campaign of its own.')}
            onChange={(e) => setCampaign(e.target.value)}
            onBlur={() => commit({ mode, campaign })}
          />
          {canManage ? null : (
            <p className="text-sm text-muted-foreground sm:col-span-2">
              {t('Your workspace owner or an admin changes these settings.')}
            </p>
          )}
        </form>
      )}
    </SettingsCard>
  );
}
