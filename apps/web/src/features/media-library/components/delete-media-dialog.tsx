import type { MediaItem } from '@relaycast/shared/media';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';

/**
 * "Delete this file?" as a native modal dialog: focus moves into it and stays there, Escape cancels, and
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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (item && !dialog.open) dialog.showModal();
    if (!item && dialog.open) dialog.close();
  }, [item]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border bg-card p-6 text-foreground shadow-xl backdrop:bg-black/50"
    >
      {item ? (
        <>
          <h2 id={titleId} className="text-lg font-semibold break-words">
            Delete “{item.name}”?
          </h2>
          <p id={descriptionId} className="mt-2 text-sm text-muted-foreground">
            The file is removed from your media library and from any posts that use it. This cannot be undone.
          </p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel} disabled={isDeleting}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => onConfirm(item)} disabled={isDeleting}>
              {isDeleting ? 'Deleting…' : 'Delete'}
            </Button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
