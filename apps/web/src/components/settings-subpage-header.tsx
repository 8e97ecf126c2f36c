import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The heading of a page under Settings (Members, Workspace): a way back to Settings, the title and what it is for. */
export function SettingsSubpageHeader({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation('settings');
  return (
    <header>
      <Link
        to="/settings"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('Settings')}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-2 text-muted-foreground">{description}</p>
    </header>
  );
}
