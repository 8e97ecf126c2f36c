import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { BACKUP_CODE_COUNT } from '@relaycast/shared/security';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from '@/components/dialog-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { i18n, translateMessage } from '@/i18n';
import { errorMessage } from '@/lib/error-message';

/** Pieces the two-factor dialogs share (turning on, turning off, new backup codes). */

export const messageOf = (error: unknown) =>
  errorMessage(error, translateMessage(AUTH_MESSAGES.signInFallback));

/** Offers the backup codes as a text file. */
export function downloadBackupCodes(codes: string[]) {
  const text = [
    i18n.t('Relaycast backup codes', { ns: 'auth' }),
    i18n.t('Each code signs you in once when you cannot use your authenticator app.', { ns: 'auth' }),
    '',
    ...codes,
    '',
  ].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'relaycast-backup-codes.txt';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The backup codes, shown once, with Download and Done. */
export function BackupCodesPanel({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation('auth');
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        {t(
          'Keep these {{count}} backup codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown only now.',
          { count: BACKUP_CODE_COUNT },
        )}
      </p>
      <ul
        aria-label={t('Backup codes')}
        className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-3 font-mono text-sm"
      >
        {codes.map((backup) => (
          <li key={backup}>{backup}</li>
        ))}
      </ul>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => downloadBackupCodes(codes)}>
          {t('Download')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('Done')}
        </Button>
      </div>
    </div>
  );
}

/** The password each dialog asks first: one field, Cancel and the dialog's own submit button. */
export function PasswordStep(props: {
  password: string;
  error: string | null;
  onChange(password: string): void;
  onSubmit(): void;
  onCancel(): void;
  submit: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <DialogForm onSubmit={props.onSubmit}>
      <FormField
        label={t('Password')}
        type="password"
        autoComplete="current-password"
        value={props.password}
        error={props.error ?? undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={props.onCancel}>
          {t('Cancel')}
        </Button>
        {props.submit}
      </div>
    </DialogForm>
  );
}
