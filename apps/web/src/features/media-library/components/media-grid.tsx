import { formatFileSize, type MediaItem } from '@relaycast/shared/media';
import { ImageOff, Play, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCanRemove } from '@/components/role-gate';
import { Button } from '@/components/ui/button';
import { formatDuration } from '@/lib/format';

function Preview({ item }: { item: MediaItem }) {
  const { t } = useTranslation('media-library');
  if (item.thumbnailUrl) {
    return (
      <img
        src={item.thumbnailUrl}
        alt={t('Preview of {{name}}', { name: item.name })}
        loading="lazy"
        decoding="async"
        className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
      />
    );
  }
  return (
    <span className="flex size-full flex-col items-center justify-center gap-1.5 text-muted-foreground">
      <ImageOff aria-hidden="true" className="size-6" />
      <span className="text-xs">{t('No preview')}</span>
    </span>
  );
}

interface MediaCardActions {
  onDelete: (item: MediaItem) => void;
  /** Opens the file's detail view. */
  onOpen: (item: MediaItem) => void;
}

function MediaCard({ item, onDelete, onOpen }: { item: MediaItem } & MediaCardActions) {
  const { t } = useTranslation('media-library');
  const dimensions = item.width && item.height ? `${item.width}×${item.height}` : null;
  const canDelete = useCanRemove({ kind: 'media', ownerId: item.uploadedBy ?? null });
  return (
    <li aria-label={item.name} className="group overflow-hidden rounded-xl border bg-card shadow-sm">
      <button
        type="button"
        aria-label={t('Details of {{name}}', { name: item.name })}
        onClick={() => onOpen(item)}
        className="relative block aspect-square w-full cursor-pointer overflow-hidden bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <Preview item={item} />
        {item.kind === 'video' ? (
          <>
            <span className="absolute top-2 left-2 inline-flex size-7 items-center justify-center rounded-full bg-black/60 text-white">
              <Play aria-hidden="true" className="size-3.5 fill-current" />
              <span className="sr-only">{t('Video')}</span>
            </span>
            {item.durationSeconds !== null ? (
              <span className="absolute right-2 bottom-2 rounded-md bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
                <span className="sr-only">{t('Duration')} </span>
                {formatDuration(item.durationSeconds)}
              </span>
            ) : null}
          </>
        ) : null}
        {item.kind === 'gif' ? (
          <span className="absolute top-2 left-2 rounded-md bg-black/60 px-1.5 py-0.5 text-xs font-semibold text-white">
            {t('GIF')}
          </span>
        ) : null}
      </button>
      <div className="flex items-start gap-1 p-3 pr-1.5">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={item.name}>
            {item.name}
          </p>
          <p className="mt-0.5 truncate text-xs text-muted-foreground tabular-nums">
            {formatFileSize(item.sizeBytes)}
            {dimensions ? ` · ${dimensions}` : ''}
          </p>
        </div>
        {canDelete ? (
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1 size-8 shrink-0 text-muted-foreground hover:text-destructive"
            aria-label={t('Delete {{name}}', { name: item.name })}
            onClick={() => onDelete(item)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export function MediaGrid({ items, onDelete, onOpen }: { items: MediaItem[] } & MediaCardActions) {
  const { t } = useTranslation('media-library');
  return (
    <ul
      aria-label={t('Media files')}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5"
    >
      {items.map((item) => (
        <MediaCard key={item.id} item={item} onDelete={onDelete} onOpen={onOpen} />
      ))}
    </ul>
  );
}

export function MediaGridSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5"
    >
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={index} className="overflow-hidden rounded-xl border bg-card">
          <div className="aspect-square animate-pulse bg-muted" />
          <div className="space-y-2 p-3">
            <div className="h-3.5 w-3/4 animate-pulse rounded bg-muted" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}
