import type { MediaItem } from '@relaycast/shared/media';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { ImageEditor } from './image-editor';

/**
 * The image editor in a dialog over the page that opened it (the composer: its unsaved text stays as it is).
 * Saving makes a new library file and hands it to `onSaved`; Cancel, Escape or the backdrop close it and
 * change nothing. The app's route hands this to the composer (a feature never imports another).
 */
export function ImageEditorDialog({
  mediaId,
  onSaved,
  onClose,
}: {
  /** The image to edit; null keeps the dialog closed. */
  mediaId: string | null;
  onSaved(created: MediaItem): void;
  onClose(): void;
}) {
  const { t } = useTranslation('image-editor');
  // On the page's body, not inside the composer's form: Enter in a field here must not submit the post, and a
  // locked post's disabled fieldset must not reach it.
  return createPortal(
    <Dialog
      open={mediaId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('Edit image')}
      className="max-w-6xl"
    >
      {mediaId ? <ImageEditor mediaId={mediaId} onSaved={onSaved} onCancel={onClose} /> : null}
    </Dialog>,
    document.body,
  );
}
