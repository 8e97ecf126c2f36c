import { useTranslation } from 'react-i18next';
import { MediaLibrary } from '@/features/media-library/components/media-library';
import { WatermarksSection } from '@/features/watermarks/components/watermarks-section';
import { usePageMeta } from '@/lib/use-page-meta';

export function MediaLibraryPage() {
  const { t } = useTranslation('media-library');
  usePageMeta(t('Media Library'), t('Upload, find and manage the images and videos you use in your posts.'));
  return (
    <div className="mx-auto grid max-w-6xl gap-8">
      <MediaLibrary />
      <WatermarksSection />
    </div>
  );
}
