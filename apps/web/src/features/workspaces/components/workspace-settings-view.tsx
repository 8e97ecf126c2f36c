import { roleCan } from '@relaycast/shared/roles';
import { WORKSPACE_MESSAGES, WORKSPACE_NAME_MAX } from '@relaycast/shared/workspaces';
import { Building2, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentWorkspace } from '@/api/usage';
import { useDeleteWorkspace, useRenameWorkspace } from '@/api/workspaces';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { toastOutcome } from '@/lib/show-error';
import { WorkspaceLogoCard } from './workspace-logo-card';

/** Settings → Workspace: rename it and set its logo (owner or admin) and, in the danger zone, delete it (owner only). */
export function WorkspaceSettingsView() {
  const { t } = useTranslation('workspaces');
  const { data: workspace, isPending } = useCurrentWorkspace();
  if (isPending || !workspace) return <Spinner label={t('Loading the workspace')} />;
  return (
    <>
      <RenameCard
        key={workspace.id}
        name={workspace.name}
        canRename={roleCan(workspace.role, 'manageWorkspace')}
      />
      <WorkspaceLogoCard
        key={`logo-${workspace.id}`}
        canChange={roleCan(workspace.role, 'manageWorkspace')}
      />
      {roleCan(workspace.role, 'billing') ? (
        <DangerZone key={`delete-${workspace.id}`} name={workspace.name} />
      ) : null}
    </>
  );
}

function RenameCard({ name, canRename }: { name: string; canRename: boolean }) {
  const { t } = useTranslation('workspaces');
  const rename = useRenameWorkspace();
  const [value, setValue] = useState(name);
  useEffect(() => setValue(name), [name]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await toastOutcome(rename.mutateAsync({ name: value }), translateMessage(WORKSPACE_MESSAGES.renamed));
  }

  return (
    <SettingsCard
      title={t('Workspace name')}
      icon={Building2}
      description={t('Everyone in the workspace sees this name in the switcher.')}
    >
      <form onSubmit={onSubmit} className="grid gap-3">
        <FormField
          label={t('Name')}
          required
          maxLength={WORKSPACE_NAME_MAX}
          disabled={!canRename}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          hint={canRename ? undefined : t('Only an owner or admin can rename the workspace.')}
        />
        {canRename ? (
          <div className="flex justify-end">
            <Button type="submit" disabled={rename.isPending || !value.trim() || value.trim() === name}>
              {t('Rename')}
            </Button>
          </div>
        ) : null}
      </form>
    </SettingsCard>
  );
}

function DangerZone({ name }: { name: string }) {
  const { t } = useTranslation('workspaces');
  const remove = useDeleteWorkspace();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const done = await toastOutcome(
      remove.mutateAsync({ name: typed }),
      translateMessage(WORKSPACE_MESSAGES.deleted),
    );
    if (done) {
      setOpen(false);
      await navigate('/dashboard');
    }
  }

  return (
    <SettingsCard
      title={t('Danger zone')}
      icon={Trash2}
      description={t(
        'Deleting the workspace removes its posts, media files, connected accounts and their tokens, stream destinations and keys, API keys, webhooks, invitations and members. It cannot be undone.',
      )}
    >
      <div>
        <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          {t('Delete workspace')}
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('Delete {{name}}?', { name })}
        description={t('Type the workspace name to confirm. Everything in it is deleted for every member.')}
      >
        <form onSubmit={onSubmit} className="grid gap-4">
          <FormField
            label={t('Workspace name')}
            autoComplete="off"
            required
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              {t('Cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending || typed !== name}>
              {t('Delete workspace')}
            </Button>
          </div>
        </form>
      </Dialog>
    </SettingsCard>
  );
}
