import type { SocialAccount } from '@relaycast/shared/accounts';
import { mediaKindOf } from '@relaycast/shared/platforms';
import type { PostWatermarkChoice } from '@relaycast/shared/watermarks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SelectField } from '@/components/ui/select-field';
import type { PostFormValues } from '@/lib/post-form';
import type { WatermarkChoice } from '../hooks/use-watermark-choice';
import { WatermarkApply } from './watermark-apply';

const DEFAULT = 'default';
const NONE = 'none';

interface WatermarkOptionsProps {
  values: PostFormValues;
  choice: WatermarkChoice;
  accounts: readonly SocialAccount[];
  onChange(watermark: PostWatermarkChoice): void;
}

/**
 * The post's watermark (docs/watermarks.md): each account's default, none, or one saved watermark for every
 * account, with each image, GIF and video of the post previewed under it. Burned in at publish time, or ahead of
 * it with Apply now (watermark-apply.tsx); the library keeps the originals. Shown when the post has an image, a
 * GIF or a video and the workspace has a watermark.
 */
export function WatermarkOptions({ values, choice, accounts, onChange }: WatermarkOptionsProps) {
  const { t } = useTranslation('composer');
  const media = values.media.filter((item) => {
    const kind = mediaKindOf(item.mimeType);
    return kind === 'image' || kind === 'gif' || kind === 'video';
  });
  if (media.length === 0 || choice.watermarks.length === 0) return null;
  const current = choice.choiceOf(values);
  const value = current.use === 'watermark' ? current.watermarkId : current.use;
  const defaults = choice.defaultsOf(values, accounts);
  const mark = choice.previewOf(values, accounts);
  const defaultLabel =
    defaults.length === 0
      ? t('Each account’s default (none set)')
      : t('Each account’s default ({{names}})', { names: defaults.map((w) => w.name).join(', ') });

  return (
    <section className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <SelectField
        label={t('Watermark')}
        value={value}
        options={[DEFAULT, NONE, ...choice.watermarks.map((w) => w.id)]}
        format={(option) =>
          option === DEFAULT
            ? defaultLabel
            : option === NONE
              ? t('No watermark')
              : (choice.watermarks.find((w) => w.id === option)?.name ?? option)
        }
        onChange={(option) =>
          onChange(
            option === DEFAULT || option === NONE
              ? { use: option }
              : { use: 'watermark', watermarkId: option },
          )
        }
      />
      <p className="text-xs text-muted-foreground">
        {t('Added to the photos and videos when the post is published; your library keeps the originals.')}{' '}
        <Link to="/media-library" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('Manage watermarks')}
        </Link>
      </p>
      {mark ? (
        <WatermarkApply
          mark={mark}
          watermarkId={current.use === 'watermark' ? current.watermarkId : null}
          media={media}
        />
      ) : null}
    </section>
  );
}
