/**
 * Settings → Security's two-factor switch and its enrolment: password, QR code and setup key, the confirming
 * code, the backup codes shown once, a new set of backup codes, and turning it off (shared pieces in
 * two-factor-parts.tsx).
 */
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { totpCodeSchema } from '@relaycast/shared/security';
import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useUserSettings } from '@/api/settings';
import {
  type TwoFactorEnrolment,
  useConfirmTwoFactorEnrolment,
  useDisableTwoFactor,
  useStartTwoFactorEnrolment,
} from '@/api/two-factor';
import { DialogForm } from '@/components/dialog-form';
import { ToggleField } from '@/components/toggle-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/i18n';
import { toast } from '@/lib/toast';
import { NewBackupCodesDialog } from './new-backup-codes-dialog';
import { BackupCodesPanel, messageOf, PasswordStep } from './two-factor-parts';

/** The base32 secret of an otpauth URI, in groups of four for reading aloud or typing. */
function readableSecret(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

// function-budget: EnableDialog lays out one screen part in one JSX tree; split into named parts when it next changes
function EnableDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const start = useStartTwoFactorEnrolment();
  const confirm = useConfirmTwoFactorEnrolment();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const setupKeyId = useId();
  const { t } = useTranslation('auth');

  function close() {
    setPassword('');
    setCode('');
    setError(null);
    setEnrolment(null);
    setConfirmed(false);
    onClose();
  }

  async function submitPassword() {
    setError(null);
    if (!password) return setError(translateMessage(AUTH_MESSAGES.passwordRequired));
    try {
      setEnrolment(await start.mutateAsync(password));
      setPassword('');
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  async function submitCode() {
    setError(null);
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success)
      return setError(
        translateMessage(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.twoFactorCodeInvalid),
      );
    try {
      await confirm.mutateAsync(parsed.data);
      setConfirmed(true);
      toast.success(t(AUTH_MESSAGES.twoFactorEnabled));
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  let body: ReactNode;
  if (!enrolment) {
    body = (
      <PasswordStep
        password={password}
        error={error}
        onChange={setPassword}
        onSubmit={() => void submitPassword()}
        onCancel={close}
        submit={
          <Button type="submit" disabled={start.isPending}>
            {t('Continue')}
          </Button>
        }
      />
    );
  } else if (!confirmed) {
    body = (
      <DialogForm onSubmit={() => void submitCode()}>
        <p className="text-sm">
          {t(
            'Scan this code with an authenticator app (Google Authenticator, 1Password, Authy, Aegis…), then enter the 6-digit code it shows.',
          )}
        </p>
        <div className="flex justify-center rounded-lg bg-white p-3">
          <QRCodeSVG
            value={enrolment.totpURI}
            size={176}
            marginSize={2}
            title={t('QR code for your authenticator app')}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={setupKeyId}>{t('Setup key')}</Label>
          <Textarea
            id={setupKeyId}
            readOnly
            rows={2}
            aria-describedby={`${setupKeyId}-hint`}
            className="min-h-0 resize-none font-mono"
            value={readableSecret(enrolment.totpURI)}
            onFocus={(event) => event.target.select()}
          />
          <p id={`${setupKeyId}-hint`} className="text-xs text-muted-foreground">
            {t('Can’t scan it? Enter this key in the app instead.')}
          </p>
        </div>
        <FormField
          label={t('6-digit code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          error={error ?? undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={close}>
            {t('Cancel')}
          </Button>
          <Button type="submit" disabled={confirm.isPending}>
            {t('Turn on')}
          </Button>
        </div>
      </DialogForm>
    );
  } else {
    body = <BackupCodesPanel codes={enrolment.backupCodes} onDone={close} />;
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={confirmed ? t('Save your backup codes') : t('Turn on two-factor authentication')}
      description={
        enrolment ? undefined : t('Enter your password to set up an authenticator app for signing in.')
      }
    >
      {body}
    </Dialog>
  );
}

function DisableDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation('auth');

  function close() {
    setPassword('');
    setError(null);
    onClose();
  }

  async function submit() {
    setError(null);
    if (!password) return setError(translateMessage(AUTH_MESSAGES.passwordRequired));
    try {
      await disable.mutateAsync(password);
      toast.success(t(AUTH_MESSAGES.twoFactorDisabled));
      close();
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={t('Turn off two-factor authentication')}
      description={t('Sign-in will ask only for your password. Enter it to confirm.')}
    >
      <PasswordStep
        password={password}
        error={error}
        onChange={setPassword}
        onSubmit={() => void submit()}
        onCancel={close}
        submit={
          <Button type="submit" variant="destructive" disabled={disable.isPending}>
            {t('Turn off')}
          </Button>
        }
      />
    </Dialog>
  );
}

/**
 * The "Two-factor authentication" switch: it shows the account's real state (`users.two_factor_enabled`, as
 * `GET /api/settings` reports it) and drives it through Better Auth, with the password each way.
 */
export function TwoFactorSetting() {
  const settings = useUserSettings();
  const isOn = settings.data?.security.twoFactorAuth ?? false;
  const [dialog, setDialog] = useState<'enable' | 'disable' | 'codes' | null>(null);
  const { t } = useTranslation('auth');
  return (
    <>
      <ToggleField
        label={t('Two-factor authentication')}
        description={
          isOn
            ? t(
                'On: signing in asks for a code from your authenticator app (or a backup code) after your password.',
              )
            : t(
                'Off: signing in asks only for your password. Turn on to add a code from an authenticator app.',
              )
        }
        checked={isOn}
        onChange={() => setDialog(isOn ? 'disable' : 'enable')}
      />
      {isOn ? (
        <div className="-mt-2 flex justify-end">
          <Button type="button" variant="outline" size="sm" onClick={() => setDialog('codes')}>
            {t('New backup codes')}
          </Button>
        </div>
      ) : null}
      {createPortal(
        <>
          <EnableDialog open={dialog === 'enable'} onClose={() => setDialog(null)} />
          <DisableDialog open={dialog === 'disable'} onClose={() => setDialog(null)} />
          <NewBackupCodesDialog open={dialog === 'codes'} onClose={() => setDialog(null)} />
        </>,
        document.body,
      )}
    </>
  );
}
