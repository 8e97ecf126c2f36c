import { zodResolver } from '@hookform/resolvers/zod';
import { type SignUpInput, signUpSchema } from '@relaycast/shared/auth';
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { findPlan } from '@relaycast/shared/plans';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { toast } from '@/lib/toast';
import { useAuth } from '../auth-provider';
import { AuthCard } from './auth-card';
import { SelectedPlan } from './selected-plan';

/** How long the already-registered toast keeps its Sign In action. */
const SIGN_IN_ACTION_MS = 5_000;

export function SignupForm() {
  const { t } = useTranslation('auth');
  const { signUp, clearError } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const referralCode = params.get('ref')?.trim() || undefined;
  // From an invitation (/invite/<token>): the invited address, and the way back to accept after signing in.
  const invite = params.get('invite') ?? '';
  const returnTo = /^[A-Za-z0-9_-]{1,200}$/.test(invite)
    ? { pathname: `/invite/${invite}`, search: '', hash: '', state: null }
    : undefined;
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: params.get('email') ?? '', password: '', referralCode },
  });

  // The page opens clean: no error left over from an earlier attempt.
  useEffect(() => clearError(), [clearError]);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await signUp({ ...values, referralCode, plan: findPlan(params.get('plan'))?.id });
    if (result.ok) {
      toast.success(translateMessage(AUTH_MESSAGES.signUpSuccess));
      navigate('/login', { state: { email: values.email, from: returnTo, newAccount: true } });
      return;
    }
    if (result.code === 'EMAIL_ALREADY_REGISTERED') {
      toast.error(translateMessage(AUTH_MESSAGES.emailAlreadyRegistered), {
        duration: SIGN_IN_ACTION_MS,
        action: {
          label: t('Sign In'),
          onClick: () => navigate('/login', { state: { email: values.email, from: returnTo } }),
        },
      });
      return;
    }
    toast.error(result.message || translateMessage(AUTH_MESSAGES.signUpFallback));
  });

  const { errors, isSubmitting } = form.formState;
  return (
    <AuthCard
      title={t('Create your account')}
      subtitle={t('Start your 14-day free trial. No card required.')}
    >
      <SelectedPlan planId={params.get('plan')} billing={params.get('billing')} />
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField
          label={t('Full name')}
          autoComplete="name"
          required
          error={errors.name?.message}
          {...form.register('name')}
        />
        <FormField
          label={t('Email')}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormField
          label={t('Password')}
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          hint={translateMessage(AUTH_MESSAGES.passwordHint)}
          error={errors.password?.message}
          {...form.register('password')}
        />
        {referralCode ? (
          <FormField label={t('Referral code')} value={referralCode} readOnly name="referralCode" />
        ) : null}
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? <Spinner label={t('Creating account')} className="text-current" /> : null}
          {t('Create account')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t('Already have an account?')}{' '}
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t('Sign in')}
        </Link>
      </p>
    </AuthCard>
  );
}
