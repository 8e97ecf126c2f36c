import type { FormEvent, ReactNode } from 'react';

/**
 * The dialogs sit outside the settings <form> in the page (a portal: forms cannot nest), and their submit
 * events stop here rather than saving the settings.
 */
export function DialogForm({ onSubmit, children }: { onSubmit(): void; children: ReactNode }) {
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        event.stopPropagation();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
