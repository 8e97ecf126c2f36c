import {
  SHORT_LINK_MESSAGES,
  SHORT_LINK_MODES,
  type ShortLinkMode,
  shortLinkSettingsSchema,
} from '@relaycast/shared/short-links';
import { Settings2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveShortLinkSettings, useShortLinkSettings } from '@/api/short-links';
import { useCan } from '@/components/role-gate';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';

/** The campaign when none is named: a UTM value, the same in every language. */
const DEFAULT_CAMPAIGN = 'relaycast';

const MODE_LABELS: Record<ShortLinkMode, string> = {
  always: 'Always, unless a post turns it off',
  ask: 'Only posts that turn it on',
  never: 'Never',
};

/**
 * Shortening at publish (docs/short-links.md): the workspace's mode and the default utm_campaign. Owners and
 * admins change it (`PUT /api/short-links/settings` declares manageWorkspace); everyone else reads it.
 */
export function ShortLinkSettingsCard() {
  const { t } = useTranslation('short-links');
  const settings = useShortLinkSettings();
  const save = useSaveShortLinkSettings();
  const canManage = useCan('manageWorkspace') === true;
  const [mode, setMode] = useState<ShortLinkMode>('ask');
  const [campaign, setCampaign] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!settings.data) return;
    setMode(settings.data.mode);
    setCampaign(settings.data.campaign);
  }, [settings.data]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = shortLinkSettingsSchema.safeParse({ mode, campaign });
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? SHORT_LINK_MESSAGES.campaignTooLong);
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      toast.success(translateMessage(SHORT_LINK_MESSAGES.settingsSaved));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <SettingsCard
      title={t('Shorten links when publishing')}
      icon={Settings2}
      description={t(
        'Each network gets its own short link for every address in a post, with utm_source set to the network and utm_medium to social.',
      )}
    >
      {settings.isPending ? (
        <Spinner />
      ) : (
        <form noValidate className="grid gap-4 sm:grid-cols-2 sm:items-end" onSubmit={(e) => void submit(e)}>
          <SelectField
            label={t('Shorten the links of posts')}
            value={mode}
            options={SHORT_LINK_MODES}
            format={(option) => t(MODE_LABELS[option])}
            onChange={setMode}
            disabled={!canManage}
          />
          <FormField
            label={t('Campaign (utm_campaign)')}
            placeholder={DEFAULT_CAMPAIGN}
            value={campaign}
            disabled={!canManage}
            error={error ?? undefined}
            hint={t('Used when a post names no campaign of its own.')}
            onChange={(e) => setCampaign(e.target.value)}
          />
          {canManage ? (
            <div>
              <Button type="submit" disabled={save.isPending}>
                {t('Save link settings')}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground sm:col-span-2">
              {t('Your workspace owner or an admin changes these settings.')}
            </p>
          )}
        </form>
      )}
    </SettingsCard>
  );
}
