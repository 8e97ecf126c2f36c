import type { PlatformId, TextLengthOptions } from '@relaycast/shared/platforms';
import { contentFor } from '@relaycast/shared/posts';
import {
  linksIn,
  type ShortLinkMode,
  type ShortLinkPostOptions,
  shouldShorten,
  withShortLinkPlaceholders,
} from '@relaycast/shared/short-links';
import { useShortLinkCounting, useShortLinkPostOptions, useShortLinkSettings } from '@/api/short-links';
import type { PostFormValues } from '@/lib/post-form';

const UNSET: ShortLinkPostOptions = { shorten: null, campaign: '' };

/**
 * The composer's "Shorten links" choice (docs/decisions/0080-short-links.md, "2026-11-26: the composer"): the
 * workspace's mode, the post's stored choice, and the one the user just made (the form's `shortLinks`, sent with
 * the post). Gives what the switch shows, the base the text is counted with, and the text each network gets.
 */
export function useShortLinkChoice(postId: string | undefined) {
  const settings = useShortLinkSettings().data;
  const stored = useShortLinkPostOptions(postId).data;
  const countingOf = useShortLinkCounting(postId);
  const mode: ShortLinkMode | undefined = settings?.mode;

  /** The switch and campaign as they stand: the form's change, else the stored choice, else unset. */
  const optionsOf = (values: PostFormValues): ShortLinkPostOptions => values.shortLinks ?? stored ?? UNSET;

  /** Whether the post's links are shortened at publish: the mode's default until the post says otherwise. */
  const isOn = (values: PostFormValues) =>
    mode !== undefined && shouldShorten(mode, optionsOf(values).shorten);

  /** `<base>` of the short links when the post's links will be shortened, else null. */
  const baseOf = (values: PostFormValues): string | null =>
    countingOf(values.shortLinks).shortLinkBase ?? null;

  return {
    mode,
    optionsOf,
    isOn,
    baseOf,
    textOptionsOf: (values: PostFormValues): TextLengthOptions => countingOf(values.shortLinks),
    /** Whether to show the switch: a chosen network's text has a web address and the workspace allows it. */
    isOffered: (values: PostFormValues) =>
      mode !== undefined && mode !== 'never' && hasLink(values, values.platforms),
    /** The values as each network will get them: each address as `<base>/xxxxxxx` when shortened. */
    previewOf: (values: PostFormValues): PostFormValues => {
      const base = baseOf(values);
      if (!base) return values;
      const overrides: PostFormValues['overrides'] = {};
      for (const [platform, text] of Object.entries(values.overrides)) {
        overrides[platform as PlatformId] = withShortLinkPlaceholders(text, base);
      }
      return { ...values, content: withShortLinkPlaceholders(values.content, base), overrides };
    },
  };
}

export type ShortLinkChoice = ReturnType<typeof useShortLinkChoice>;

function hasLink(values: PostFormValues, platforms: readonly PlatformId[]): boolean {
  const texts = platforms.length > 0 ? platforms.map((p) => contentFor(values, p)) : [values.content];
  return texts.some((text) => linksIn(text).length > 0);
}
