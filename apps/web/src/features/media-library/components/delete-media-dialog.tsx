import type { MediaItem } from '@relaycast/shared/media';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/**
 * "Delete this file?" on the shared modal dialog: focus moves into it and stays there, Escape cancels, and
 * focus returns to the delete button afterwards.
 */
export function DeleteMediaDialog({
  item,
  isDeleting,
  onCancel,
  onConfirm,
}: {
  item: MediaItem | null;
  isDeleting: boolean;
  onCancel: () => void;
  onConfirm: (item: MediaItem) => void;
}) {
  const { t } = useTranslation('media-library');
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open && !isDeleting) onCancel();
      }}
      title={<span className="break-words">{t('Delete “{{name}}”?', { name: item?.name ?? '' })}</span>}
      description={t(
        'The file is removed from your media library and from any posts that use it. This cannot be undone.',
      )}
      className="max-w-md"
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isDeleting}>
          {t('Cancel')}
        </Button>
        <Button variant="destructive" onClick={() => item && onConfirm(item)} disabled={isDeleting}>
          {isDeleting ? t('Deleting…') : t('Delete')}
        </Button>
      </div>
    </Dialog>
  );
}
