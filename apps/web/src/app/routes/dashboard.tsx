import { useAuth } from '@/features/auth/auth-provider';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { WorkspacePanels } from '@/features/dashboard/components/workspace-panels';
import { DueStreamsBanner } from '@/features/stream-schedule/components/due-streams-banner';
import { usePageMeta } from '@/lib/use-page-meta';

export function DashboardPage() {
  const { user } = useAuth();
  usePageMeta(
    'Dashboard',
    'Your Relaycast dashboard: create posts, go live, and jump to analytics and your calendar.',
  );
  return (
    <div className="mx-auto grid max-w-6xl gap-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Welcome back, {user?.name}</h1>
        <p className="mt-2 text-muted-foreground">What would you like to do today?</p>
      </header>
      <DueStreamsBanner />
      <section aria-label="Quick actions">
        <QuickActions />
      </section>
      <WorkspacePanels />
    </div>
  );
}
