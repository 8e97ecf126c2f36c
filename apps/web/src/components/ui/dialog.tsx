import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus, makes the page behind it inert, closes it
 * on Escape and returns focus to the element that opened it. A click on the backdrop closes it too.
 */
export function Dialog({ open, onOpenChange, title, description, children, className }: DialogProps) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => onOpenChange(false)}
      onMouseDown={(event) => {
        // The dialog element itself is only hit outside the panel, i.e. on the backdrop.
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      className={cn(
        'm-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl border bg-card p-0 text-foreground shadow-xl backdrop:bg-black/50 backdrop:backdrop-blur-[2px]',
        className,
      )}
    >
      {open ? (
        <div className="p-5 sm:p-6">
          <div className="mb-4 pr-8">
            <h2 id={titleId} className="text-lg font-semibold tracking-tight">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
                {description}
              </p>
            ) : null}
          </div>
          {children}
          {/* Last in the tab order, so opening the dialog focuses its first field rather than Close. */}
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className="absolute top-4 right-4 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('Close')}</span>
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
