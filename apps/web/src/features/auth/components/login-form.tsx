import { zodResolver } from '@hookform/resolvers/zod';
import { type SignInInput, signInSchema } from '@relaycast/shared/auth';
import { AUTH_MESSAGES } from '@relaycast/shared/messages';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, type Location, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { toast } from '@/lib/toast';
import { useAuth } from '../auth-provider';
import { lockedOutHelp } from '../locked-out-help';
import { AuthCard } from './auth-card';
import { TwoFactorStep } from './two-factor-step';

export interface LoginLocationState {
  /** Prefills the email (from sign-up or the already-registered toast). */
  email?: string;
  /** The protected page that sent the visitor here, with its own navigation state. */
  from?: Pick<Location, 'pathname' | 'search' | 'hash' | 'state'>;
  /** Set by sign-up: the account was just created, so the page greets a newcomer, not a returning user. */
  newAccount?: boolean;
}

// function-budget: LoginForm lays out one screen part in one JSX tree; split into named parts when it next changes
export function LoginForm() {
  const { t } = useTranslation('auth');
  const { signIn, loading, clearError } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as LoginLocationState;
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: state.email ?? params.get('email') ?? '', password: '' },
  });

  const [refusal, setRefusal] = useState<{ message: string; help?: string } | null>(null);
  const [isSecondStep, setIsSecondStep] = useState(false);

  useEffect(() => clearError(), [clearError]);
  // Straight from sign-up the e-mail is already there: the password is what is left to type.
  const { setFocus } = form;
  useEffect(() => {
    if (state.newAccount && state.email) setFocus('password');
  }, [state.newAccount, state.email, setFocus]);

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    const result = await signIn(values);
    if (!result.ok) {
      if (result.code === 'TOO_MANY_ATTEMPTS' || result.code === 'AUTH_RATE_LIMITED') {
        // Kept on the page, with how long to wait and, when locked, the way in that no one else can block.
        setRefusal({
          message: result.message,
          help: result.code === 'TOO_MANY_ATTEMPTS' ? lockedOutHelp(result.retryAfterSeconds) : undefined,
        });
        return;
      }
      toast.error(result.message || translateMessage(AUTH_MESSAGES.signInFallback));
      return;
    }
    if (result.secondStep) {
      setIsSecondStep(true);
      return;
    }
    goOn();
  });

  function goOn() {
    toast.success(translateMessage(AUTH_MESSAGES.signInSuccess));
    const from = state.from;
    if (from && from.pathname !== '/login') {
      navigate(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`, {
        replace: true,
        state: from.state,
      });
    } else {
      navigate('/dashboard', { replace: true });
    }
  }

  if (isSecondStep) {
    return (
      <AuthCard title={t('Two-factor authentication')} subtitle={t('One more step to sign in.')}>
        <TwoFactorStep
          onSignedIn={goOn}
          onRestart={() => {
            form.setValue('password', '');
            setIsSecondStep(false);
          }}
        />
      </AuthCard>
    );
  }

  const { errors } = form.formState;
  return (
    <AuthCard
      title={state.newAccount ? t('Welcome to Relaycast') : t('Welcome back')}
      subtitle={
        state.newAccount
          ? t('Your account is ready. Sign in with the password you just chose.')
          : t('Sign in to your Relaycast account.')
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {refusal ? (
          <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
            <p className="font-medium text-destructive">{refusal.message}</p>
            {refusal.help ? (
              <p className="mt-1 text-foreground">
                {refusal.help}{' '}
                <Link
                  to={`/forgot-password?email=${encodeURIComponent(form.getValues('email'))}`}
                  className="font-medium text-primary hover:underline"
                >
                  {t('Reset your password')}
                </Link>
              </p>
            ) : null}
          </div>
        ) : null}
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
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
            {t('Forgot password?')}
          </Link>
        </div>
        <Button type="submit" disabled={loading && form.formState.isSubmitting} className="w-full">
          {form.formState.isSubmitting ? <Spinner label={t('Signing in')} className="text-current" /> : null}
          {t('Sign in')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t('New to Relaycast?')}{' '}
        <Link to="/signup" className="font-medium text-primary hover:underline">
          {t('Create an account')}
        </Link>
      </p>
    </AuthCard>
  );
}
