import { zodResolver } from '@hookform/resolvers/zod';
import { type SignInInput, signInSchema } from '@relaycast/shared/auth';
import { AUTH_MESSAGES, ERROR_CODES, fillMessage, waitInWords } from '@relaycast/shared/messages';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, type Location, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useAuth } from '../auth-provider';
import { AuthCard } from './auth-card';
import { TwoFactorStep } from './two-factor-step';

export interface LoginLocationState {
  /** Prefills the email (from sign-up or the already-registered toast). */
  email?: string;
  /** The protected page that sent the visitor here, with its own navigation state. */
  from?: Pick<Location, 'pathname' | 'search' | 'hash' | 'state'>;
}

export function LoginForm() {
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

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    const result = await signIn(values);
    if (!result.ok) {
      if (result.code === ERROR_CODES.tooManyAttempts || result.code === ERROR_CODES.authRateLimited) {
        // Kept on the page, with how long to wait and, when locked, the way in that no one else can block.
        setRefusal({
          message: result.message,
          help:
            result.code === ERROR_CODES.tooManyAttempts
              ? fillMessage(AUTH_MESSAGES.lockedOutHelp, {
                  minutes: waitInWords(result.retryAfterSeconds ?? 15 * 60),
                })
              : undefined,
        });
        return;
      }
      toast.error(result.message || AUTH_MESSAGES.signInFallback);
      return;
    }
    if (result.secondStep) {
      setIsSecondStep(true);
      return;
    }
    goOn();
  });

  function goOn() {
    toast.success(AUTH_MESSAGES.signInSuccess);
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
      <AuthCard title="Two-factor authentication" subtitle="One more step to sign in.">
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
    <AuthCard title="Welcome back" subtitle="Sign in to your Relaycast account.">
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
                  Reset your password
                </Link>
              </p>
            ) : null}
          </div>
        ) : null}
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" disabled={loading && form.formState.isSubmitting} className="w-full">
          {form.formState.isSubmitting ? <Spinner label="Signing in" className="text-current" /> : null}
          Sign in
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        New to Relaycast?{' '}
        <Link to="/signup" className="font-medium text-primary hover:underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
