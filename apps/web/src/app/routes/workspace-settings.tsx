import { useTranslation } from 'react-i18next';
import { SettingsSubpageHeader } from '@/components/settings-subpage-header';
import { WorkspaceSettingsView } from '@/features/workspaces/components/workspace-settings-view';
import { usePageMeta } from '@/lib/use-page-meta';

export function WorkspaceSettingsPage() {
  const { t } = useTranslation('workspaces');
  usePageMeta(t('Workspace'), t('Rename or delete the current workspace.'));
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <SettingsSubpageHeader
        title={t('Workspace')}
        description={t(
          'The workspace you work in now: its name, its logo, and deleting it with everything in it.',
        )}
      />
      <WorkspaceSettingsView />
    </div>
  );
}
