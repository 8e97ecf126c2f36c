import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { backupCodeSchema, TRUSTED_DEVICE_DAYS, totpCodeSchema } from '@relaycast/shared/security';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { useAuth } from '../auth-provider';
import { lockedOutHelp } from '../locked-out-help';

/**
 * The second step of a sign-in when the account has two-factor on: the 6-digit code from the authenticator
 * app, or one of the backup codes, and whether to trust this browser for 30 days.
 */
export function TwoFactorStep({ onSignedIn, onRestart }: { onSignedIn(): void; onRestart(): void }) {
  const { t } = useTranslation('auth');
  const { completeSecondStep } = useAuth();
  const [isBackupCode, setIsBackupCode] = useState(false);
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<{ message: string; help?: string; restart?: boolean } | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const trustId = useId();

  async function submit() {
    setError(null);
    const parsed = (isBackupCode ? backupCodeSchema : totpCodeSchema).safeParse(code);
    if (!parsed.success) {
      setError({
        message: translateMessage(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.twoFactorCodeInvalid),
      });
      return;
    }
    setIsSubmitting(true);
    const result = await completeSecondStep({ code: parsed.data, isBackupCode, trustDevice });
    setIsSubmitting(false);
    if (result.ok) return onSignedIn();
    if (result.code === 'TOO_MANY_ATTEMPTS') {
      setError({
        message: result.message,
        help: lockedOutHelp(result.retryAfterSeconds),
        restart: true,
      });
    } else {
      setError({
        message: result.message,
        restart: result.code === 'TWO_FACTOR_CHALLENGE_EXPIRED',
      });
    }
  }

  return (
    <form
      noValidate
      aria-label={t('Two-factor code')}
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-muted-foreground">
        {isBackupCode
          ? t('Enter one of the backup codes you saved when you turned on two-factor authentication.')
          : t('Enter the 6-digit code from your authenticator app.')}
      </p>
      <FormField
        key={isBackupCode ? 'backup' : 'totp'}
        label={isBackupCode ? t('Backup code') : t('Authentication code')}
        autoComplete="one-time-code"
        inputMode={isBackupCode ? 'text' : 'numeric'}
        maxLength={isBackupCode ? 11 : 7}
        autoFocus
        value={code}
        error={error && !error.restart ? error.message : undefined}
        onChange={(event) => setCode(event.target.value)}
      />
      {error?.restart ? (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <p className="font-medium text-destructive">{error.message}</p>
          {error.help ? <p className="mt-1 text-foreground">{error.help}</p> : null}
        </div>
      ) : null}
      <div className="flex items-center gap-2">
        <input
          id={trustId}
          type="checkbox"
          checked={trustDevice}
          onChange={(event) => setTrustDevice(event.target.checked)}
          className="size-4 accent-primary"
        />
        <label htmlFor={trustId} className="text-sm">
          {t('Trust this device for {{count}} days', { count: TRUSTED_DEVICE_DAYS })}
        </label>
      </div>
      {error?.restart ? (
        <Button type="button" className="w-full" onClick={onRestart}>
          {t('Sign in again')}
        </Button>
      ) : (
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? <Spinner label={t('Checking the code')} className="text-current" /> : null}
          {t('Verify')}
        </Button>
      )}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-primary hover:underline"
          onClick={() => {
            setIsBackupCode((current) => !current);
            setCode('');
            setError(null);
          }}
        >
          {isBackupCode ? t('Use your authenticator app') : t('Use a backup code')}
        </button>
        <button type="button" className="font-medium text-primary hover:underline" onClick={onRestart}>
          {t('Back to password')}
        </button>
      </div>
    </form>
  );
}
