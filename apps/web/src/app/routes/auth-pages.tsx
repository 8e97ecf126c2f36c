import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { LoginForm } from '@/features/auth/components/login-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { SignupForm } from '@/features/auth/components/signup-form';
import { usePageMeta } from '@/lib/use-page-meta';

export function LoginPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('Log in'), t('Sign in to Relaycast to schedule posts, stream and see your analytics.'));
  return <LoginForm />;
}

export function SignupPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('Sign up'), t('Create your Relaycast account: 14-day free trial, no card required.'));
  return <SignupForm />;
}

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('Forgot password'), t('Get a link to reset your Relaycast password.'));
  return <ForgotPasswordForm />;
}

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('Reset password'), t('Choose a new password for your Relaycast account.'));
  return <ResetPasswordForm />;
}
