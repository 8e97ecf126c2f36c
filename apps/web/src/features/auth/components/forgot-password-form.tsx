import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPasswordInput, forgotPasswordSchema } from '@relaycast/shared/auth';
import { MAIL_MESSAGES, RESET_LINK_COMMAND } from '@relaycast/shared/mail';
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useMailStatus } from '@/api/mail';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { translateMessage } from '@/i18n';
import { authClient } from '@/lib/auth-client';
import { toast } from '@/lib/toast';
import { AuthCard } from './auth-card';

/**
 * Without an e-mail server (GET /api/mail/status) the page never says an e-mail was sent: it says none can be,
 * where the link then is, and the administrator's command that makes one. The same words for every address, so
 * it tells no more about who has an account than the e-mailed answer does.
 */
function WithoutEmail() {
  const { t } = useTranslation('auth');
  return (
    <div className="grid gap-2 text-sm text-muted-foreground">
      <p>{translateMessage(MAIL_MESSAGES.resetHowTo)}</p>
      <code className="block overflow-x-auto rounded-md bg-muted p-2 text-xs text-foreground">
        {RESET_LINK_COMMAND}
      </code>
      <p>{t('The link works once and expires after one hour.')}</p>
    </div>
  );
}

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState(false);
  const withoutEmail = useMailStatus()?.delivers === false;
  const [params] = useSearchParams();
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    // Prefilled when the login page sends a locked-out owner here.
    defaultValues: { email: params.get('email') ?? '' },
  });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' });
    if (error) {
      toast.error(translateMessage(error.message || AUTH_MESSAGES.resetFallback));
      return;
    }
    // The same answer whether or not the address has an account.
    setSent(true);
  });

  return (
    <AuthCard
      title={t('Reset your password')}
      subtitle={
        withoutEmail
          ? translateMessage(MAIL_MESSAGES.noServer)
          : t('We will e-mail you a link to choose a new one.')
      }
    >
      {sent && withoutEmail ? (
        <div className="grid gap-4">
          <p role="status" className="rounded-md bg-accent p-4 text-sm text-accent-foreground">
            {translateMessage(MAIL_MESSAGES.resetNotSent)}
          </p>
          <WithoutEmail />
        </div>
      ) : sent ? (
        <div className="grid gap-4">
          <p role="status" className="rounded-md bg-accent p-4 text-sm text-accent-foreground">
            {translateMessage(AUTH_MESSAGES.resetRequested)}
          </p>
          <p className="text-sm text-muted-foreground">
            <Trans
              t={t}
              i18nKey="The link works once and expires after one hour. Self-hosting without e-mail? The message is in the server log and in the <code>email_outbox</code> table."
              components={{ code: <code /> }}
            />
          </p>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField
            label={t('Email')}
            type="email"
            autoComplete="email"
            required
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" disabled={form.formState.isSubmitting} className="w-full">
            {withoutEmail ? t('Make a reset link') : t('Send reset link')}
          </Button>
          {withoutEmail ? <WithoutEmail /> : null}
        </form>
      )}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t('Back to sign in')}
        </Link>
      </p>
    </AuthCard>
  );
}
