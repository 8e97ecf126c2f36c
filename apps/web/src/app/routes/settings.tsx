import { AiSettingsSection } from '@/features/settings/components/ai-settings-section';
import { usePageMeta } from '@/lib/use-page-meta';

export function SettingsPage() {
  usePageMeta('Settings', 'Your Relaycast workspace settings: the AI assistant’s provider and model.');
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Settings</h1>
        <p className="mt-2 text-muted-foreground">
          Stream quality, notifications and the other settings come with the streaming feature.
        </p>
      </header>
      <AiSettingsSection />
    </div>
  );
}
