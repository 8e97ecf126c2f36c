import { isRole, ROLE_LABELS } from '@relaycast/shared/roles';
import { WORKSPACE_MESSAGES, WORKSPACE_NAME_MAX } from '@relaycast/shared/workspaces';
import { Building2, Check, ChevronsUpDown, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateWorkspace, useSwitchWorkspace, useWorkspaces } from '@/api/workspaces';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { translateMessage } from '@/i18n';
import { toastOutcome } from '@/lib/show-error';

/**
 * The app shell's workspace switcher (docs/decisions/0044-workspaces.md): the current workspace's
 * name in the header; it opens the list of the others with the caller's role in each, and "Create workspace".
 * Switching (or creating, which switches) refetches everything the app shows.
 */
export function WorkspaceSwitcher() {
  const { t } = useTranslation(['workspaces', 'members']);
  const { data } = useWorkspaces();
  const switchTo = useSwitchWorkspace();
  const create = useCreateWorkspace();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const current = data?.workspaces.find((workspace) => workspace.isCurrent);

  async function onSwitch(id: string) {
    const done = await toastOutcome(switchTo.mutateAsync(id), t('Switched workspace.'));
    if (done) setOpen(false);
  }

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    const done = await toastOutcome(
      create.mutateAsync({ name }),
      translateMessage(WORKSPACE_MESSAGES.created),
    );
    if (done) {
      setName('');
      setOpen(false);
    }
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        data-testid="workspace-switcher"
        aria-label={t('Workspace: {{name}}. Switch or create a workspace', { name: current?.name ?? '' })}
        onClick={() => setOpen(true)}
      >
        <Building2 aria-hidden="true" />
        {/* On a phone the button is its icons only (the header has no room); its label names the workspace. */}
        <span className="hidden max-w-48 truncate sm:inline">{current?.name ?? t('Workspace')}</span>
        {current?.isDemo ? (
          <Badge variant="outline" className="hidden sm:inline-flex">
            {t('Demo')}
          </Badge>
        ) : null}
        <ChevronsUpDown aria-hidden="true" />
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('Workspaces')}
        description={t('Each workspace has its own posts, accounts, media and members.')}
      >
        <ul className="grid gap-1" aria-label={t('Your workspaces')}>
          {data?.workspaces.map((workspace) => (
            <li key={workspace.id}>
              <button
                type="button"
                disabled={workspace.isCurrent || switchTo.isPending}
                aria-current={workspace.isCurrent ? 'true' : undefined}
                onClick={() => onSwitch(workspace.id)}
                className="flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm hover:bg-muted disabled:cursor-default disabled:hover:bg-transparent"
              >
                <span className="flex min-w-0 items-center gap-2">
                  {workspace.isCurrent ? (
                    <Check aria-hidden="true" className="size-4 shrink-0 text-primary" />
                  ) : (
                    <span aria-hidden="true" className="size-4 shrink-0" />
                  )}
                  <span className="truncate font-medium">{workspace.name}</span>
                  {workspace.isDemo ? <Badge variant="outline">{t('Demo')}</Badge> : null}
                </span>
                <Badge variant="outline">
                  {t(isRole(workspace.role) ? ROLE_LABELS[workspace.role] : workspace.role, {
                    ns: 'members',
                  })}
                </Badge>
              </button>
            </li>
          ))}
        </ul>
        <form onSubmit={onCreate} className="mt-4 grid gap-3 border-t pt-4">
          <FormField
            label={t('New workspace name')}
            required
            maxLength={WORKSPACE_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={create.isPending || !name.trim()}>
              <Plus aria-hidden="true" />
              {t('Create workspace')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
