import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ImageEditor } from '@/features/image-editor/components/image-editor';
import { useToastsAtTop } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';

/** `/image-editor?media=<id>`: one library image in the editor (the library's detail view links here). */
export function ImageEditorPage() {
  const { t } = useTranslation('image-editor');
  usePageMeta(t('Image Editor'), t('Crop, turn, adjust and add text or a logo to an image of your library.'));
  useToastsAtTop();
  const [params] = useSearchParams();
  const mediaId = params.get('media');
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/media-library">
            <ArrowLeft aria-hidden="true" />
            {t('Back to the media library')}
          </Link>
        </Button>
      </div>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Image Editor')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t(
            'Crop for a platform, turn, adjust the colours, add text or a logo. The original is never changed.',
          )}
        </p>
      </header>
      {mediaId ? (
        <ImageEditor mediaId={mediaId} />
      ) : (
        <p className="text-sm text-muted-foreground">
          {t('Open an image from the media library to edit it.')}
        </p>
      )}
    </div>
  );
}
