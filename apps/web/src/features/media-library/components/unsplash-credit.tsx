import type { MediaAttribution } from '@relaycast/shared/unsplash';
import { Trans, useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/**
 * "Photo by <photographer> on Unsplash", both links carrying Unsplash's referral parameters, as its API guidelines
 * ask wherever a photo is shown (docs/media-import.md, "Unsplash").
 */
export function UnsplashCredit({
  attribution,
  className,
}: {
  attribution: MediaAttribution;
  className?: string;
}) {
  const { t } = useTranslation('media-library');
  const link = 'font-medium underline underline-offset-2 hover:text-foreground';
  return (
    <p className={cn('text-xs text-muted-foreground', className)}>
      <Trans
        t={t}
        i18nKey="Photo by <0>{{name}}</0> on <1>Unsplash</1>"
        values={{ name: attribution.author }}
        components={[
          // biome-ignore lint/a11y/useAnchorContent: Trans fills the link with the photographer's name.
          <a key="author" className={link} href={attribution.authorUrl} target="_blank" rel="noreferrer" />,
          // biome-ignore lint/a11y/useAnchorContent: Trans fills the link with "Unsplash".
          <a key="source" className={link} href={attribution.sourceUrl} target="_blank" rel="noreferrer" />,
        ]}
      />
    </p>
  );
}
