import { aspectPresetsFor, centredCrop, EMPTY_RECIPE } from '@relaycast/shared/image-edit';
import type { MediaItem } from '@relaycast/shared/media';
import type { PlatformId } from '@relaycast/shared/platforms';
import { Crop, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useEditImage } from '@/api/media';
import { Button } from '@/components/ui/button';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';

/** "kite.png" cropped to 9:16 is "kite (9:16).png", within the 200 characters a new file's name may have. */
export function croppedName(name: string, shape: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
  const stem = name.slice(0, name.length - extension.length).slice(0, 180);
  return `${stem} (${shape})${extension}`;
}

/**
 * "Crop to <shape>" for a newly generated AI image: one button per shape the picked platforms show (every preset
 * when none is picked), each rendering the largest centred box of that shape through the image editor's route
 * (`POST /api/media/:id/edits`). The cropped copy lands in the library linked to the original (`derived_from_id`);
 * the original stays. Its words are the library's catalog, as the AI image panel's.
 */
export function AiImageCrops({
  image,
  platforms = [],
  onCropped,
}: {
  image: MediaItem;
  platforms?: readonly PlatformId[];
  onCropped?(cropped: MediaItem): void;
}) {
  const { t } = useTranslation('media-library');
  const edit = useEditImage();
  if (!image.width || !image.height) return null;
  const size = { width: image.width, height: image.height };
  const presets = aspectPresetsFor(platforms, size);
  if (presets.length === 0) return null;
  return (
    <fieldset className="grid gap-2 rounded-lg bg-muted/50 p-3">
      <legend className="float-left mb-1 text-sm font-medium">
        {t('Fit “{{name}}” to a platform’s shape', { name: image.name })}
      </legend>
      <div className="flex flex-wrap gap-2">
        {presets.map((preset) => (
          <Button
            key={preset.id}
            type="button"
            size="sm"
            variant="outline"
            title={t(preset.hint)}
            disabled={edit.isPending}
            onClick={() =>
              edit.mutate(
                {
                  id: image.id,
                  edit: {
                    recipe: { ...EMPTY_RECIPE, crop: centredCrop(size, preset.ratio) },
                    name: croppedName(image.name, preset.id),
                  },
                },
                {
                  onSuccess: (cropped) => {
                    toast.success(
                      t('Cropped to {{shape}}: “{{name}}” is in your library.', {
                        shape: preset.id,
                        name: cropped.name,
                      }),
                    );
                    onCropped?.(cropped);
                  },
                  onError: (error) => showError(error, t('The image could not be cropped.')),
                },
              )
            }
          >
            {edit.isPending && edit.variables?.edit.name === croppedName(image.name, preset.id) ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Crop aria-hidden="true" />
            )}
            {t('Crop to {{shape}}', { shape: preset.id })}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
