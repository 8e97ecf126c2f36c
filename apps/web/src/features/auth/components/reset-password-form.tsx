import { zodResolver } from '@hookform/resolvers/zod';
import { type ResetPasswordInput, resetPasswordSchema } from '@relaycast/shared/auth';
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { authClient } from '@/lib/auth-client';
import { toast } from '@/lib/toast';
import { AuthCard } from './auth-card';

export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (!token || params.get('error')) {
    return (
      <AuthCard title="Reset link not valid">
        <p role="alert" className="text-sm text-destructive">
          {AUTH_MESSAGES.resetInvalidToken}
        </p>
        <p className="mt-6 text-sm">
          <Link to="/forgot-password" className="font-medium text-primary hover:underline">
            Request a new link
          </Link>
        </p>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(async ({ password }) => {
    const { error } = await authClient.resetPassword({ newPassword: password, token });
    if (error) {
      toast.error(error.message || AUTH_MESSAGES.resetFallback);
      return;
    }
    toast.success(AUTH_MESSAGES.resetSuccess);
    navigate('/login', { replace: true });
  });

  const { errors, isSubmitting } = form.formState;
  return (
    <AuthCard title="Choose a new password">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={AUTH_MESSAGES.passwordHint}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" disabled={isSubmitting} className="w-full">
          Set new password
        </Button>
      </form>
    </AuthCard>
  );
}
