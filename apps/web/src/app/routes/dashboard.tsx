import { useAuth } from '@/features/auth/auth-provider';
import { usePageMeta } from '@/lib/use-page-meta';

export function DashboardPage() {
  const { user } = useAuth();
  usePageMeta('Dashboard', 'Your Relaycast dashboard.');
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">Welcome back, {user?.name}</h1>
      <p className="mt-2 text-muted-foreground">Create posts, go live and keep an eye on your channels.</p>
    </div>
  );
}
