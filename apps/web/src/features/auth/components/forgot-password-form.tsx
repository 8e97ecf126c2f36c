import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPasswordInput, forgotPasswordSchema } from '@relaycast/shared/auth';
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { translateMessage } from '@/i18n';
import { authClient } from '@/lib/auth-client';
import { toast } from '@/lib/toast';
import { AuthCard } from './auth-card';

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState(false);
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
    <AuthCard title={t('Reset your password')} subtitle={t('We will e-mail you a link to choose a new one.')}>
      {sent ? (
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
            {t('Send reset link')}
          </Button>
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
