import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { VideoEditor } from '@/features/video-editor/components/video-editor';
import { useToastsAtTop } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';

export function VideoEditorPage() {
  const { t } = useTranslation('video-editor');
  usePageMeta(t('Video Editor'), t('Load a video, trim it to the second and export it as MP4, MOV or WebM.'));
  // The overlay fields and Export fill the right column and the bottom: toasts go to the top here.
  useToastsAtTop();
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/media-tools">
            <ArrowLeft aria-hidden="true" />
            {t('Back to Media Tools')}
          </Link>
        </Button>
      </div>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Video Editor')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t(
            'Load a video from a link or your media library, trim it, crop it for a platform and export it. The original is never changed: every export is a new file in your library.',
          )}
        </p>
      </header>
      <VideoEditor />
    </div>
  );
}
