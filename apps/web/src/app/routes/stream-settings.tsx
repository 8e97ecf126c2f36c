import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';
import { UserSettings } from './user-settings';

export function StreamSettingsPage() {
  const { t } = useTranslation('settings');
  usePageMeta(t('Stream Settings'), t('Your camera, microphone and the quality Relaycast streams at.'));
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/streaming">
            <ArrowLeft aria-hidden="true" />
            {t('Back to the studio')}
          </Link>
        </Button>
      </div>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Stream Settings')}</h1>
        <p className="mt-2 text-muted-foreground">{t('Your next stream uses what you save here.')}</p>
      </header>
      <UserSettings />
    </div>
  );
}
