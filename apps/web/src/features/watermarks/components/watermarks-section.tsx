import { WATERMARK_DEFAULTS } from '@relaycast/shared/watermarks';
import { Stamp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '@/api/accounts';
import { useMediaList } from '@/api/media';
import { useCreateWatermark, useSetWatermarkDefault, useWatermarks } from '@/api/watermarks';
import { useCan } from '@/components/role-gate';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { showError } from '@/lib/show-error';
import { useSaveAsYouGo } from '@/lib/use-save-as-you-go';
import { WatermarkCard } from './watermark-card';

const NONE = '';

/**
 * The workspace's watermarks (docs/watermarks.md), under the media library: each one's image, opacity, size,
 * position and margin, saved as you go, and the default watermark of each connected account.
 */
export function WatermarksSection() {
  const { t } = useTranslation('watermarks');
  const list = useWatermarks().data;
  const images = useMediaList({ kind: 'image' }).data?.items ?? [];
  const accounts = useAccounts().data ?? [];
  const create = useCreateWatermark();
  const setDefault = useSetWatermarkDefault();
  const defaults = useSaveAsYouGo(
    ({ accountId, watermarkId }: { accountId: string; watermarkId: string | null }) =>
      setDefault.mutateAsync({ accountId, input: { watermarkId } }),
    { failureMessage: t('Could not save the account’s default watermark.') },
  );
  const watermarks = list?.watermarks ?? [];
  const firstImage = images[0];
  // Owners and admins change them (the routes declare manageWorkspace); everyone else sees them.
  const canManage = useCan('manageWorkspace') === true;

  return (
    <SettingsCard
      title={t('Watermarks')}
      icon={Stamp}
      saveState={defaults.state}
      description={t(
        'Your logo on the photos and videos you publish. The library keeps the originals; each network gets a watermarked copy.',
      )}
    >
      {canManage ? null : (
        <p className="text-sm text-muted-foreground">
          {t('Only the workspace’s owner and admins change watermarks.')}
        </p>
      )}
      <fieldset disabled={!canManage} className="grid min-w-0 gap-4">
        {watermarks.map((watermark) => (
          <WatermarkCard key={watermark.id} watermark={watermark} images={images} />
        ))}
        {!canManage ? null : firstImage ? (
          <Button
            type="button"
            className="justify-self-start"
            disabled={create.isPending}
            onClick={() =>
              create
                .mutateAsync({
                  ...WATERMARK_DEFAULTS,
                  name: t('Watermark {{n}}', { n: watermarks.length + 1 }),
                  imageMediaId: firstImage.id,
                })
                .catch((error) => showError(error, t('Could not create the watermark.')))
            }
          >
            {t('New watermark')}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">
            {t('Upload your logo to the library first (a PNG with transparency works best).')}
          </p>
        )}
        {watermarks.length > 0 && accounts.length > 0 ? (
          <div className="grid gap-3">
            <h3 className="text-sm font-semibold">{t('Default watermark per account')}</h3>
            {accounts.map((account) => {
              const current = list?.defaults.find((d) => d.accountId === account.id)?.watermarkId ?? NONE;
              return (
                <SelectField
                  key={account.id}
                  label={account.displayName || account.handle}
                  value={current}
                  options={[NONE, ...watermarks.map((w) => w.id)]}
                  format={(id) =>
                    id === NONE ? t('None') : (watermarks.find((w) => w.id === id)?.name ?? id)
                  }
                  onChange={(id) => void defaults.commit({ accountId: account.id, watermarkId: id || null })}
                />
              );
            })}
          </div>
        ) : null}
      </fieldset>
    </SettingsCard>
  );
}
