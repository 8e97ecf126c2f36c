import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { UserSettingsForm } from '@/features/settings/components/user-settings-form';
import { usePageMeta } from '@/lib/use-page-meta';

export function StreamSettingsPage() {
  usePageMeta('Stream Settings', 'Your camera, microphone and the quality Relaycast streams at.');
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/streaming">
            <ArrowLeft aria-hidden="true" />
            Back to the studio
          </Link>
        </Button>
      </div>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Stream Settings</h1>
        <p className="mt-2 text-muted-foreground">Your next stream uses what you save here.</p>
      </header>
      <UserSettingsForm />
    </div>
  );
}
