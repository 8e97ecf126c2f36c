import type { MediaItem } from '@relaycast/shared/media';
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
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open && !isDeleting) onCancel();
      }}
      title={<span className="break-words">Delete “{item?.name}”?</span>}
      description="The file is removed from your media library and from any posts that use it. This cannot be undone."
      className="max-w-md"
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isDeleting}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={() => item && onConfirm(item)} disabled={isDeleting}>
          {isDeleting ? 'Deleting…' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
