import { useTranslation } from 'react-i18next';
import { useOnboarding } from '@/api/onboarding';
import { useAuth } from '@/features/auth/auth-provider';
import { OnboardingChecklist } from '@/features/dashboard/components/onboarding-checklist';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { WorkspacePanels } from '@/features/dashboard/components/workspace-panels';
import { YourState } from '@/features/dashboard/components/your-state';
import { DueStreamsBanner } from '@/features/planned-streams/components/due-streams-banner';
import { usePageMeta } from '@/lib/use-page-meta';

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const onboarding = useOnboarding();
  usePageMeta(
    t('Dashboard'),
    t('Your Relaycast dashboard: create posts, go live, and jump to analytics and your calendar.'),
  );
  // "Welcome" for an account less than a day old, "Welcome back" afterwards (docs/decisions/0027-onboarding.md);
  // "Welcome" while it loads, so a new user never sees "Welcome back" flash.
  const name = user?.name ?? '';
  const greeting =
    onboarding.data?.isNewUser === false
      ? t('Welcome back, {{name}}', { name })
      : t('Welcome, {{name}}', { name });
  return (
    <div className="mx-auto grid max-w-6xl gap-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{greeting}</h1>
        <p className="mt-2 text-muted-foreground">{t('What would you like to do today?')}</p>
      </header>
      <DueStreamsBanner />
      {onboarding.data ? <OnboardingChecklist onboarding={onboarding.data} /> : null}
      <section aria-label={t('Quick actions')}>
        <QuickActions />
      </section>
      <YourState />
      <WorkspacePanels />
    </div>
  );
}
