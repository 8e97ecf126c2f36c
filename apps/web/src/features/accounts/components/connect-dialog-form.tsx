import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/**
 * The dialog both credential-style connect flows (Bluesky, Mastodon) use: a form with the platform's fields, the
 * problem from validation or the server, and Cancel / submit buttons.
 */
export function ConnectDialogForm({
  open,
  onOpenChange,
  title,
  description,
  problem,
  busy,
  submitLabel,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  problem: string | null;
  /** Disables the submit button. */
  busy: boolean;
  submitLabel: string;
  onSubmit(): Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation('accounts');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {children}
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('Cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
