import { MAX_SHORT_LINK_CAMPAIGN, SHORT_LINK_MESSAGES } from '@relaycast/shared/short-links';
import { useTranslation } from 'react-i18next';
import { ToggleField } from '@/components/toggle-field';
import { FormField } from '@/components/ui/form-field';
import type { PostFormValues } from '@/lib/post-form';
import type { ShortLinkChoice } from '../hooks/use-short-link-choice';

interface ShortLinkOptionsProps {
  values: PostFormValues;
  choice: ShortLinkChoice;
  onChange(shortLinks: NonNullable<PostFormValues['shortLinks']>): void;
}

/**
 * "Shorten links" and the post's campaign (docs/decisions/0080-short-links.md, "2026-11-26: the composer"):
 * shown when a chosen network's text has a web address and the workspace does not say "never"; on by default
 * when it says "always", off when it says "ask". Saved with the post.
 */
export function ShortLinkOptions({ values, choice, onChange }: ShortLinkOptionsProps) {
  const { t } = useTranslation('composer');
  if (!choice.isOffered(values)) return null;
  const options = choice.optionsOf(values);
  const isOn = choice.isOn(values);
  const isTooLong = options.campaign.trim().length > MAX_SHORT_LINK_CAMPAIGN;
  return (
    <fieldset className="grid gap-3 rounded-lg border p-4">
      <legend className="sr-only">{t('Short links')}</legend>
      <ToggleField
        label={t('Shorten links')}
        description={t(
          'Each network gets its own short link for every address, with UTM parameters, so you can count the clicks.',
        )}
        checked={isOn}
        onChange={(shorten) => onChange({ ...options, shorten })}
      />
      {isOn ? (
        <FormField
          label={t('Campaign (optional)')}
          placeholder={t('The workspace’s campaign')}
          value={options.campaign}
          error={isTooLong ? SHORT_LINK_MESSAGES.campaignTooLong : undefined}
          hint={t('Sent as utm_campaign with this post’s links.')}
          onChange={(event) => onChange({ ...options, campaign: event.target.value })}
        />
      ) : null}
    </fieldset>
  );
}
