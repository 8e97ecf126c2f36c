import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ClipGenerator } from '@/features/clip-generator/components/clip-generator';
import { VideoHighlights } from '@/features/clip-generator/components/video-highlights';
import { usePageMeta } from '@/lib/use-page-meta';

export function ClipGeneratorPage() {
  const { t } = useTranslation('clip-generator');
  usePageMeta(t('Clip Generator'), t('Snapshots from a YouTube video at 30, 60, 90 and 120 seconds.'));
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/media-tools">
            <ArrowLeft aria-hidden="true" />
            {t('Back to Media Tools')}
          </Link>
        </Button>
      </div>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Clip Generator')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t(
            'Paste a YouTube link to get snapshots at 0:30, 1:00, 1:30 and 2:00. Click one to watch from there.',
          )}{' '}
          {t('Or find the best moments of your own videos and stream recordings below.')}
        </p>
      </header>
      <ClipGenerator />
      <VideoHighlights />
    </div>
  );
}
