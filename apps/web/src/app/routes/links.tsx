import { useTranslation } from 'react-i18next';
import { ShortLinkSettingsCard } from '@/features/short-links/components/short-link-settings';
import { ShortLinksView } from '@/features/short-links/components/short-links-view';
import { usePageMeta } from '@/lib/use-page-meta';

/** /links: the workspace's short links and how posts are shortened (docs/short-links.md). */
export function LinksPage() {
  const { t } = useTranslation('short-links');
  usePageMeta(t('Links'), t('Short links on your own domain, with their clicks.'));
  return (
    <div className="mx-auto grid max-w-3xl gap-6 *:min-w-0">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Links')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t('Short links on your own domain, with their clicks.')}
        </p>
      </header>
      <ShortLinksView />
      <ShortLinkSettingsCard />
    </div>
  );
}
