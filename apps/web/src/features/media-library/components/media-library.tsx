import { MEDIA_MESSAGES, type MediaItem } from '@relaycast/shared/media';
import { FolderOpen, Info, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteMedia, useMediaList } from '@/api/media';
import { AiImagePanel } from '@/components/ai-image-panel';
import { useCan } from '@/components/role-gate';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { formatFileCount } from '../format';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { CloudImportPanel } from './cloud-import-panel';
import { DeleteMediaDialog } from './delete-media-dialog';
import { LinkImportPanel } from './link-import-panel';
import { MediaDetailDialog } from './media-detail-dialog';
import { type KindFilter, MediaFilters } from './media-filters';
import { MediaGrid, MediaGridSkeleton } from './media-grid';
import { StorageUsage } from './storage-usage';
import { UnsplashPanel } from './unsplash-panel';
import { UploadDropZone } from './upload-drop-zone';
import { UploadList } from './upload-list';

function EmptyState({ isFiltered }: { isFiltered: boolean }) {
  const { t } = useTranslation('media-library');
  const Icon = isFiltered ? SearchX : FolderOpen;
  return (
    <div className="flex flex-col items-center justify-center rounded-xl border border-dashed px-6 py-14 text-center">
      <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="mt-3 font-medium">
        {isFiltered ? t('No files match your search') : t('Your library is empty')}
      </p>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        {isFiltered
          ? t('Try another name or show all kinds of files.')
          : t('Upload images and videos above; they will be here for every post you write.')}
      </p>
    </div>
  );
}

/** The media library: upload (picker or drop, several at once), browse, search, filter, open a file's details and delete. */
export function MediaLibrary() {
  const { t } = useTranslation('media-library');
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<KindFilter>('all');
  const q = useDebouncedValue(search.trim(), 250);
  const list = useMediaList({ q: q || undefined, kind: kind === 'all' ? undefined : kind });
  const uploads = useUploadQueue();
  const deletion = useDeleteMedia();
  const [toDelete, setToDelete] = useState<MediaItem | null>(null);
  const [opened, setOpened] = useState<MediaItem | null>(null);
  const isFiltered = q !== '' || kind !== 'all';
  const canAdd = useCan('write') !== false;

  const confirmDelete = (item: MediaItem) => {
    deletion.mutate(item.id, {
      onSuccess: () => {
        toast.success(translateMessage(MEDIA_MESSAGES.deleted));
        setToDelete(null);
      },
      onError: (error) => {
        showError(error);
        setToDelete(null);
      },
    });
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Media Library')}</h1>
          <p className="mt-2 text-muted-foreground">{t('Images and videos for your posts, in one place.')}</p>
        </div>
        {list.data ? <StorageUsage usage={list.data.usage} /> : null}
      </header>

      <UploadDropZone
        onFiles={uploads.addFiles}
        maxFileSizeBytes={list.data?.usage.maxFileSizeBytes}
        planName={list.data?.usage.plan}
      />
      <UploadList entries={uploads.entries} onDismiss={uploads.dismiss} />
      {canAdd ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <LinkImportPanel />
          <AiImagePanel onGenerated={setOpened} />
          <div className="lg:col-span-2">
            <CloudImportPanel />
          </div>
        </div>
      ) : null}
      {canAdd ? <UnsplashPanel /> : null}

      {list.data?.thumbnailsAvailable === false ? (
        <p className="flex items-start gap-2 rounded-lg border bg-muted/60 px-4 py-3 text-sm text-muted-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t(
            'Thumbnails are unavailable: ffmpeg is not installed on the server. Uploads still work; previews, sizes and durations appear for files uploaded once ffmpeg is installed.',
          )}
        </p>
      ) : null}

      <section aria-labelledby="media-files-heading" className="grid grid-cols-1 gap-4">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="media-files-heading" className="text-lg font-semibold">
            {t('Your files')}
          </h2>
          {list.data ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {formatFileCount(list.data.items.length)}
            </p>
          ) : null}
        </div>
        <MediaFilters search={search} onSearch={setSearch} kind={kind} onKind={setKind} />
        {list.isPending ? (
          <MediaGridSkeleton />
        ) : list.isError ? (
          <div role="alert" className="rounded-xl border px-6 py-10 text-center">
            <p className="font-medium">{t('Your media could not be loaded.')}</p>
            <p className="mt-1 text-sm text-muted-foreground">{list.error.message}</p>
            <Button variant="outline" className="mt-4" onClick={() => list.refetch()}>
              {t('Try again')}
            </Button>
          </div>
        ) : list.data.items.length === 0 ? (
          <EmptyState isFiltered={isFiltered} />
        ) : (
          <MediaGrid items={list.data.items} onDelete={setToDelete} onOpen={setOpened} />
        )}
      </section>

      <MediaDetailDialog
        item={opened}
        onClose={() => setOpened(null)}
        onDelete={(item) => {
          setOpened(null);
          setToDelete(item);
        }}
      />
      <DeleteMediaDialog
        item={toDelete}
        isDeleting={deletion.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
