import { checkPlatformRules, type PlatformId } from '@relaycast/shared/platforms';
import { contentFor } from '@relaycast/shared/posts';
import { CircleAlert, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { mediaFacts, type PostFormValues } from '@/lib/post-form';
import { CharacterCounter, lengthProblem } from './character-counter';

interface PlatformChecksProps {
  values: PostFormValues;
  /** Problems the last attempt to save reported, by platform (client checks or the server's). */
  problemsByPlatform: ReadonlyMap<string, string[]>;
  /** Set when the post's links are shortened: each address counts as `<base>/<code>`. */
  shortLinkBase?: string | null;
}

/**
 * One row per chosen platform: the live character count and, below it, what that platform still needs
 * (media it requires, files it cannot take). Before a save these are hints; after a refused save, errors.
 */
export function PlatformChecks({ values, problemsByPlatform, shortLinkBase }: PlatformChecksProps) {
  const { t } = useTranslation('composer');
  const facts = mediaFacts(values.media);
  const isBlank = !values.content.trim() && values.media.length === 0;
  return (
    <ul className="grid gap-3" aria-label={t('Character counts')}>
      {values.platforms.map((platform: PlatformId) => {
        const text = contentFor(values, platform);
        const length = lengthProblem(platform, text, shortLinkBase);
        const reported = (problemsByPlatform.get(platform) ?? []).filter((message) => message !== length);
        const hints = isBlank
          ? []
          : checkPlatformRules(platform, text, facts, { shortLinkBase })
              .map((issue) => issue.message)
              .filter((message) => message !== length && !reported.includes(message));
        return (
          <li key={platform} className="grid gap-1">
            <CharacterCounter
              platform={platform}
              text={text}
              isCustomized={values.overrides[platform] !== undefined}
              shortLinkBase={shortLinkBase}
            />
            {reported.map((message) => (
              <p key={message} className="flex gap-1.5 text-sm text-destructive">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                {message}
              </p>
            ))}
            {hints.map((message) => (
              <p key={message} className="flex gap-1.5 text-xs text-muted-foreground">
                <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                {message}
              </p>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
