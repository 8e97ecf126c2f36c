import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaList } from '@/api/media';
import { useSetStreamSlate, useStreamSlate } from '@/api/stream-slate';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';

/** The default card: no image chosen. */
const DEFAULT = '';

/**
 * What the platforms see while the camera or OBS is gone (docs/decisions/0101-slate-on-dropped-source.md): the
 * default "We'll be right back" card or a picture of the media library, for the whole workspace, from the next
 * stream on.
 */
export function SlatePanel({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation('streaming');
  const id = useId();
  const slate = useStreamSlate();
  const images = useMediaList({ kind: 'image' });
  const save = useSetStreamSlate();
  if (slate.isPending || images.isPending) return <Spinner label={t('Loading the slate')} />;
  const items = images.data?.items ?? [];
  const chosen = slate.data?.slate ?? null;
  const value = chosen?.mediaId ?? DEFAULT;
  // The chosen picture may be on a later page of the library: it is offered all the same.
  const options = [
    DEFAULT,
    ...(chosen && !items.some((i) => i.id === chosen.mediaId) ? [chosen.mediaId] : []),
  ];
  options.push(...items.map((item) => item.id));
  const preview = items.find((item) => item.id === value)?.thumbnailUrl ?? null;
  return (
    <div className="grid gap-3 text-sm">
      <p id={`${id}-hint`} className="text-muted-foreground">
        {t(
          'If your camera or OBS drops, every platform shows this picture with silence until it comes back.',
        )}
      </p>
      <div
        className="flex aspect-video w-full items-center justify-center overflow-hidden rounded-lg bg-[#1f2937] text-center font-medium text-white"
        data-testid="slate-preview"
      >
        {value === DEFAULT ? (
          t('We’ll be right back')
        ) : preview ? (
          <img
            src={preview}
            alt={t('Slate: {{name}}', { name: chosen?.name ?? '' })}
            className="size-full object-contain"
          />
        ) : (
          chosen?.name
        )}
      </div>
      <SelectField
        label={t('Slate picture')}
        value={value}
        options={options}
        disabled={disabled || save.isPending}
        format={(option) =>
          option === DEFAULT
            ? t('The default card')
            : (items.find((item) => item.id === option)?.name ?? chosen?.name ?? option)
        }
        onChange={(mediaId) =>
          save.mutate(
            { mediaId: mediaId === DEFAULT ? null : mediaId },
            {
              onSuccess: () => toast.success(t('Slate saved. It applies from your next stream.')),
              onError: (error) => showError(error),
            },
          )
        }
      />
      {items.length === 0 ? (
        <p className="text-muted-foreground">
          {t('Upload a picture to the media library to use it as your slate.')}
        </p>
      ) : null}
    </div>
  );
}
