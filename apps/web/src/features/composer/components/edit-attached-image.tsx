import type { MediaItem } from '@relaycast/shared/media';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type AttachedMedia, attachedFromLibrary } from '@/lib/post-form';

/**
 * The image editor as the page hands it to the composer (app/routes/post-composer.tsx gives the image editor's
 * dialog; a feature never imports another): open for `mediaId`, closed for null.
 */
export type ImageEditorPart = (props: {
  mediaId: string | null;
  onSaved(created: MediaItem): void;
  onClose(): void;
}) => ReactNode;

/** Whether the editor takes this attachment: still images (an animated GIF or a video is not edited here). */
export function isEditableImage(item: Pick<AttachedMedia, 'mimeType'>): boolean {
  return item.mimeType.startsWith('image/') && item.mimeType !== 'image/gif';
}

/**
 * The attachments with `originalId` replaced by the edited copy, in its place and with its alt text; the others
 * as they were. Unchanged when the original is no longer attached (removed while the editor was open).
 */
export function withEditedCopy(
  current: readonly AttachedMedia[],
  originalId: string,
  created: MediaItem,
): AttachedMedia[] {
  return current.map((item) =>
    item.id === originalId ? { ...attachedFromLibrary(created), altText: item.altText } : item,
  );
}

/** The small "Edit" control on an attached still image: opens the image editor over the composer. */
export function EditImageButton({ item, onOpen }: { item: AttachedMedia; onOpen(): void }) {
  const { t } = useTranslation('composer');
  return (
    <button
      type="button"
      onClick={onOpen}
      title={t('Edit image')}
      className="absolute right-1 bottom-6 inline-flex size-6 items-center justify-center rounded bg-card text-muted-foreground shadow-sm ring-1 ring-border hover:text-foreground"
    >
      <Pencil aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{t('Edit image {{name}}', { name: item.name })}</span>
    </button>
  );
}
