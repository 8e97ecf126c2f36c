import { AiSettingsSection } from '@/features/settings/components/ai-settings-section';
import { UserSettingsForm } from '@/features/settings/components/user-settings-form';
import { usePageMeta } from '@/lib/use-page-meta';

export function SettingsPage() {
  usePageMeta(
    'Settings',
    'Your Relaycast settings: stream quality and devices, notifications, security, language and the AI assistant.',
  );
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Settings</h1>
        <p className="mt-2 text-muted-foreground">
          Your stream, notification, security and language settings, and your workspace’s AI assistant.
        </p>
      </header>
      <UserSettingsForm />
      <AiSettingsSection />
    </div>
  );
}
