import { formatFileSize } from '@relaycast/shared/media';
import type { PlatformId } from '@relaycast/shared/platforms';
import { Check, ImageOff } from 'lucide-react';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMediaList } from '@/api/media';
import { AiImagePanel } from '@/components/ai-image-panel';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { type AttachedMedia, attachedFromLibrary } from '@/lib/post-form';
import { MediaThumbnail } from './media-thumbnail';

interface MediaLibraryDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  attached: readonly AttachedMedia[];
  onConfirm(media: AttachedMedia[]): void;
  /** The post's platforms: an AI image made here offers a crop to their shapes. */
  platforms?: readonly PlatformId[];
}

/** The workspace's media as a grid of toggles; the chosen files become the post's media, in the order picked. */
export function MediaLibraryDialog({
  open,
  onOpenChange,
  attached,
  onConfirm,
  platforms,
}: MediaLibraryDialogProps) {
  const { t } = useTranslation('composer');
  // On the page's body, not inside the composer's form: the AI image panel's own form nested in it made a click
  // on "Generate image" submit the composer's form natively (the page reloaded, the post was lost).
  return createPortal(
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('Choose from your media library')}
      description={t('Select one or more files to attach to this post.')}
      className="max-w-3xl"
    >
      {open ? (
        <LibraryPicker
          attached={attached}
          onConfirm={onConfirm}
          onClose={() => onOpenChange(false)}
          platforms={platforms}
        />
      ) : null}
    </Dialog>,
    document.body,
  );
}

function LibraryPicker({
  attached,
  onConfirm,
  onClose,
  platforms,
}: {
  attached: readonly AttachedMedia[];
  onConfirm(media: AttachedMedia[]): void;
  onClose(): void;
  platforms?: readonly PlatformId[];
}) {
  const { t } = useTranslation('composer');
  const list = useMediaList();
  const [selected, setSelected] = useState<AttachedMedia[]>(() => [...attached]);
  const isSelected = (id: string) => selected.some((item) => item.id === id);

  function toggle(item: AttachedMedia) {
    setSelected((current) =>
      current.some((chosen) => chosen.id === item.id)
        ? current.filter((chosen) => chosen.id !== item.id)
        : [...current, item],
    );
  }

  const items = list.data?.items ?? [];
  return (
    <div className="grid gap-4">
      <details className="group">
        <summary className="cursor-pointer text-sm font-medium text-primary">
          {t('Generate an image with AI')}
        </summary>
        <div className="mt-3">
          <AiImagePanel
            platforms={platforms}
            onGenerated={(item) => setSelected((current) => [...current, attachedFromLibrary(item)])}
            // The cropped copy is chosen in place of the generated original.
            onCropped={(cropped, generated) =>
              setSelected((current) => [
                ...current.filter((item) => item.id !== generated.id && item.id !== cropped.id),
                attachedFromLibrary(cropped),
              ])
            }
          />
        </div>
      </details>
      {list.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('Loading your media')} />
        </div>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {list.error.message}
        </p>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
          <ImageOff aria-hidden="true" className="size-6" />
          <p>{t('Your media library is empty. Upload files from the composer or the media library.')}</p>
          <Button asChild variant="outline" size="sm">
            <Link to="/media-library">{t('Open the media library')}</Link>
          </Button>
        </div>
      ) : (
        <ul
          aria-label={t('Media library')}
          className="grid max-h-[55vh] grid-cols-2 gap-3 overflow-y-auto p-1 sm:grid-cols-4"
        >
          {items.map((item) => {
            const media = attachedFromLibrary(item);
            const chosen = isSelected(item.id);
            return (
              <li key={item.id}>
                <button
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => toggle(media)}
                  className={cn(
                    'relative grid w-full gap-1 rounded-lg p-1.5 text-left ring-1 ring-border transition-shadow hover:ring-primary/60',
                    chosen && 'bg-accent ring-2 ring-primary',
                  )}
                >
                  <MediaThumbnail media={media} decorative className="aspect-square w-full" />
                  <span className="truncate text-xs font-medium">{item.name}</span>
                  <span className="text-xs text-muted-foreground">{formatFileSize(item.sizeBytes)}</span>
                  {chosen ? (
                    <span className="absolute top-3 right-3 inline-flex size-6 items-center justify-center rounded-full bg-primary text-primary-foreground shadow">
                      <Check aria-hidden="true" className="size-3.5" />
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('{{count}} files selected', { count: selected.length })}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button
            onClick={() => {
              onConfirm(selected);
              onClose();
            }}
          >
            {t('Attach selected')}
          </Button>
        </div>
      </div>
    </div>
  );
}
