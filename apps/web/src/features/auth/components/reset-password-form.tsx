import { zodResolver } from '@hookform/resolvers/zod';
import { type ResetPasswordInput, resetPasswordSchema } from '@relaycast/shared/auth';
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { translateMessage } from '@/i18n';
import { authClient } from '@/lib/auth-client';
import { toast } from '@/lib/toast';
import { AuthCard } from './auth-card';

export function ResetPasswordForm() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (!token || params.get('error')) {
    return (
      <AuthCard title={t('Reset link not valid')}>
        <p role="alert" className="text-sm text-destructive">
          {translateMessage(AUTH_MESSAGES.resetInvalidToken)}
        </p>
        <p className="mt-6 text-sm">
          <Link to="/forgot-password" className="font-medium text-primary hover:underline">
            {t('Request a new link')}
          </Link>
        </p>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(async ({ password }) => {
    const { error } = await authClient.resetPassword({ newPassword: password, token });
    if (error) {
      toast.error(translateMessage(error.message || AUTH_MESSAGES.resetFallback));
      return;
    }
    toast.success(translateMessage(AUTH_MESSAGES.resetSuccess));
    navigate('/login', { replace: true });
  });

  const { errors, isSubmitting } = form.formState;
  return (
    <AuthCard title={t('Choose a new password')}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField
          label={t('New password')}
          type="password"
          autoComplete="new-password"
          hint={translateMessage(AUTH_MESSAGES.passwordHint)}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormField
          label={t('Confirm new password')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {t('Set new password')}
        </Button>
      </form>
    </AuthCard>
  );
}
