import {
  WORKSPACE_LOGO_MAX_BYTES,
  WORKSPACE_LOGO_TYPES,
  WORKSPACE_MESSAGES,
} from '@relaycast/shared/workspaces';
import { ImageIcon, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetWorkspaceLogo, useWorkspaceLogo } from '@/api/workspaces';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/i18n';
import { toastOutcome } from '@/lib/show-error';
import { toast } from '@/lib/toast';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Settings → Workspace: the logo the analytics reports' white-label header shows beside the workspace's name
 * (docs/decisions/0079). Owners and admins change it; everyone sees it.
 */
export function WorkspaceLogoCard({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation('workspaces');
  const { data } = useWorkspaceLogo();
  const setLogo = useSetWorkspaceLogo();
  const input = useRef<HTMLInputElement>(null);
  const logo = data?.logo ?? null;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The server checks the same (and the bytes); saying it here spares an upload.
    if (!(WORKSPACE_LOGO_TYPES as readonly string[]).includes(file.type)) {
      toast.error(translateMessage(WORKSPACE_MESSAGES.logoInvalid));
      return;
    }
    if (file.size > WORKSPACE_LOGO_MAX_BYTES) {
      toast.error(translateMessage(WORKSPACE_MESSAGES.logoTooLarge));
      return;
    }
    const dataUrl = await readAsDataUrl(file);
    await toastOutcome(
      setLogo.mutateAsync({ logo: dataUrl }),
      translateMessage(WORKSPACE_MESSAGES.logoSaved),
    );
  }

  return (
    <SettingsCard
      title={t('Logo')}
      icon={ImageIcon}
      description={t(
        'Shown with the workspace name at the top of its analytics reports (PNG, JPEG or WebP, up to 100 KB).',
      )}
    >
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-16 w-32 items-center justify-center rounded-md border bg-muted/40">
          {logo ? (
            <img src={logo} alt={t('Workspace logo')} className="max-h-14 max-w-28 object-contain" />
          ) : (
            <span className="text-muted-foreground text-sm">{t('No logo')}</span>
          )}
        </div>
        {canChange ? (
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              type="file"
              accept={WORKSPACE_LOGO_TYPES.join(',')}
              className="sr-only"
              aria-label={t('Logo file')}
              onChange={onFile}
            />
            <Button
              type="button"
              variant="outline"
              disabled={setLogo.isPending}
              onClick={() => input.current?.click()}
            >
              <Upload aria-hidden="true" />
              {logo ? t('Replace logo') : t('Upload logo')}
            </Button>
            {logo ? (
              <Button
                type="button"
                variant="ghost"
                disabled={setLogo.isPending}
                onClick={() =>
                  toastOutcome(
                    setLogo.mutateAsync({ logo: null }),
                    translateMessage(WORKSPACE_MESSAGES.logoRemoved),
                  )
                }
              >
                <Trash2 aria-hidden="true" />
                {t('Remove logo')}
              </Button>
            ) : null}
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">{t('Only an owner or admin can change the logo.')}</p>
        )}
      </div>
    </SettingsCard>
  );
}
