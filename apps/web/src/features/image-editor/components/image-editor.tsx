import {
  EMPTY_RECIPE,
  IMAGE_EDIT_MESSAGES,
  type ImageEditRecipe,
  imageEditRecipeSchema,
} from '@relaycast/shared/image-edit';
import type { MediaItem } from '@relaycast/shared/media';
import { Redo2, Save, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEditImage, useMediaItem } from '@/api/media';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import { useUndoHistory } from '@/lib/use-undo-history';
import { CropBox } from './crop-box';
import { ColourPanel, GeometryPanel } from './geometry-panel';
import { LayersPanel } from './layers-panel';
import { Preview } from './preview';

interface ImageEditorProps {
  mediaId: string;
  /**
   * Called with the new file once it is saved (the composer's dialog puts it in place of the attachment);
   * without it the editor goes to the media library.
   */
  onSaved?(created: MediaItem): void;
  /** Shows a Cancel button that calls it (the dialog closes; nothing is saved). */
  onCancel?(): void;
}

/**
 * The image editor: one library image, its recipe with undo and redo (Ctrl+Z, Ctrl+Shift+Z), a preview and
 * Save, which has the server render the recipe into a new library file (docs/image-editor.md).
 */
export function ImageEditor({ mediaId, onSaved, onCancel }: ImageEditorProps) {
  const { t } = useTranslation('image-editor');
  const item = useMediaItem(mediaId);
  const save = useEditImage();
  const navigate = useNavigate();
  const {
    present: recipe,
    record,
    undo,
    redo,
    canUndo,
    canRedo,
  } = useUndoHistory<ImageEditRecipe>(EMPTY_RECIPE);
  // The preset's shape the crop handles keep, or null for a free crop.
  const [ratio, setRatio] = useState<number | null>(null);

  if (item.isPending) return <Spinner label={t('Loading the image')} />;
  if (item.isError) return <p className="text-sm text-destructive">{item.error.message}</p>;
  const media = item.data;
  if (media.kind !== 'image' || !media.width || !media.height || media.mimeType === 'image/gif') {
    return <p className="text-sm text-destructive">{translateMessage(IMAGE_EDIT_MESSAGES.notAnImage)}</p>;
  }
  const source = { width: media.width, height: media.height };

  function onSave() {
    const parsed = imageEditRecipeSchema.safeParse(recipe);
    if (!parsed.success) {
      toast.error(translateMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    save.mutate(
      { id: mediaId, edit: { recipe: parsed.data } },
      {
        onSuccess: (created) => {
          toast.success(t('Saved as "{{name}}" in your media library.', { name: created.name }));
          if (onSaved) onSaved(created);
          else void navigate('/media-library');
        },
        onError: (error) => showError(error, t('The edited image could not be saved.')),
      },
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid content-start gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="sm" onClick={undo} disabled={!canUndo}>
            <Undo2 aria-hidden="true" />
            {t('Undo')}
          </Button>
          <Button variant="outline" size="sm" onClick={redo} disabled={!canRedo}>
            <Redo2 aria-hidden="true" />
            {t('Redo')}
          </Button>
          {onCancel ? (
            <Button className="ml-auto" variant="outline" onClick={onCancel} disabled={save.isPending}>
              {t('Cancel')}
            </Button>
          ) : null}
          <Button className={onCancel ? undefined : 'ml-auto'} onClick={onSave} disabled={save.isPending}>
            {save.isPending ? <Spinner label={t('Saving')} /> : <Save aria-hidden="true" />}
            {t('Save as a new file')}
          </Button>
        </div>
        {recipe.crop ? (
          <CropBox
            url={media.url}
            crop={recipe.crop}
            source={source}
            ratio={ratio}
            onMove={(crop, key) =>
              // A new size of the box drops an older resize (its proportions were the old box's).
              record({ ...recipe, crop, resize: key === 'crop-move' ? recipe.resize : null }, key)
            }
          />
        ) : null}
        <Preview item={media} recipe={recipe} onChange={record} />
        <p className="text-xs text-muted-foreground">
          {t('The original stays as it is: saving makes a new file in your media library.')}
        </p>
      </div>
      <div className="grid content-start gap-6">
        <GeometryPanel
          recipe={recipe}
          source={source}
          onChange={record}
          ratio={ratio}
          onRatioChange={setRatio}
        />
        <ColourPanel recipe={recipe} onChange={record} />
        <LayersPanel recipe={recipe} source={source} onChange={record} sourceId={media.id} />
      </div>
    </div>
  );
}
