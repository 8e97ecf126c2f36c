import { Building2, Gauge, Link2, ShieldCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInstanceAdmin } from '@/api/billing';
import { AiSettingsSection } from '@/features/ai-assistant/components/ai-settings-section';
import { AnalyticsCollectionSection } from '@/features/analytics/components/analytics-collection-section';
import { ComposerLibrarySection } from '@/features/composer-library/components/composer-library-section';
import { LabelsSection } from '@/features/labels/components/labels-section';
import { WebhooksSection } from '@/features/webhooks/components/webhooks-section';
import { usePageMeta } from '@/lib/use-page-meta';
import { UserSettings } from './user-settings';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  // The instance administrator's page (ADMIN_EMAILS): linked only for them.
  const isInstanceAdmin = useInstanceAdmin().data?.admin === true;
  const links = [
    { to: '/connected-accounts', icon: Link2, label: t('Connected accounts') },
    { to: '/settings/workspace', icon: Building2, label: t('Workspace') },
    { to: '/settings/members', icon: Users, label: t('Members') },
    { to: '/usage', icon: Gauge, label: t('Plan & usage') },
    ...(isInstanceAdmin ? [{ to: '/admin', icon: ShieldCheck, label: t('Administration') }] : []),
  ];
  usePageMeta(
    t('Settings'),
    t(
      'Your Relaycast settings: stream quality and devices, notifications, security, language, the AI assistant and webhooks.',
    ),
  );
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Settings')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t(
            'Your stream, notification, security and language settings, and your workspace’s AI assistant and webhooks.',
          )}
        </p>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1">
          {links.map(({ to, icon: Icon, label }) => (
            <Link
              key={to}
              to={to}
              className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Link>
          ))}
        </p>
      </header>
      <UserSettings />
      <ComposerLibrarySection />
      <LabelsSection />
      <AiSettingsSection />
      <AnalyticsCollectionSection />
      <WebhooksSection />
    </div>
  );
}
