import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WorkspaceSettingsView } from '@/features/workspaces/components/workspace-settings-view';
import { usePageMeta } from '@/lib/use-page-meta';

export function WorkspaceSettingsPage() {
  const { t } = useTranslation('workspaces');
  usePageMeta(t('Workspace'), t('Rename or delete the current workspace.'));
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header>
        <Link
          to="/settings"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('Settings')}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">{t('Workspace')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t('The workspace you work in now: its name, and deleting it with everything in it.')}
        </p>
      </header>
      <WorkspaceSettingsView />
    </div>
  );
}
