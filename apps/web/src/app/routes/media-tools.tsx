import { useTranslation } from 'react-i18next';
import { MediaToolCards } from '@/features/media-tools/components/media-tool-cards';
import { usePageMeta } from '@/lib/use-page-meta';

export function MediaToolsPage() {
  const { t } = useTranslation('media-tools');
  usePageMeta(
    t('Media Tools'),
    t('Relaycast media tools: live streaming, the video editor and the clip generator.'),
  );
  return (
    <div className="mx-auto grid max-w-6xl gap-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Media Tools')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t('Stream, edit and clip your videos without leaving Relaycast.')}
        </p>
      </header>
      <MediaToolCards />
    </div>
  );
}
