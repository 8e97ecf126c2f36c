import {
  EMPTY_RECIPE,
  IMAGE_EDIT_MESSAGES,
  type ImageEditRecipe,
  imageEditRecipeSchema,
  outputSize,
} from '@relaycast/shared/image-edit';
import type { MediaItem } from '@relaycast/shared/media';
import { Redo2, Save, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEditImage, useMediaItem } from '@/api/media';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import { useUndoHistory } from '@/lib/use-undo-history';
import { drawRecipe } from '../draw-recipe';
import { CropBox } from './crop-box';
import { ColourPanel, GeometryPanel } from './geometry-panel';
import { LayersPanel } from './layers-panel';

/** Loads an image (the source or a layer) from its library URL; null until it has loaded. */
function useLoadedImages(urls: readonly string[]): ReadonlyMap<string, HTMLImageElement> {
  const [loaded, setLoaded] = useState<ReadonlyMap<string, HTMLImageElement>>(new Map());
  const key = urls.join('\n');
  useEffect(() => {
    for (const url of key ? key.split('\n') : []) {
      const image = new Image();
      image.onload = () => setLoaded((current) => new Map(current).set(url, image));
      image.src = url;
    }
  }, [key]);
  return loaded;
}

/** The preview: the recipe drawn on a canvas the size of the result, shrunk to fit the column. */
function Preview({ item, recipe }: { item: MediaItem; recipe: ImageEditRecipe }) {
  const { t } = useTranslation('image-editor');
  const canvas = useRef<HTMLCanvasElement>(null);
  const layerUrls = recipe.imageLayers.map((layer) => `/api/media/${encodeURIComponent(layer.mediaId)}/file`);
  const images = useLoadedImages([item.url, ...layerUrls]);
  const source = images.get(item.url);
  useEffect(() => {
    if (!source) return;
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const layers = new Map(
      recipe.imageLayers.map((layer, index) => [layer.mediaId, images.get(layerUrls[index]!)!]),
    );
    drawRecipe(context, source, new Map([...layers].filter(([, image]) => image)), recipe);
  });
  const size = outputSize({ width: item.width ?? 1, height: item.height ?? 1 }, recipe);
  return (
    <figure className="grid gap-2">
      <div className="flex min-h-64 items-center justify-center overflow-hidden rounded-lg bg-muted p-2">
        <canvas
          ref={canvas}
          role="img"
          aria-label={t('Preview of the edited image')}
          className="max-h-[70vh] max-w-full object-contain"
        />
      </div>
      <figcaption className="text-sm text-muted-foreground tabular-nums">
        {t('Result: {{width}} × {{height}} px', size)}
      </figcaption>
    </figure>
  );
}

/**
 * The image editor: one library image, its recipe with undo and redo (Ctrl+Z, Ctrl+Shift+Z), a preview and
 * Save, which has the server render the recipe into a new library file (docs/image-editor.md).
 */
export function ImageEditor({ mediaId }: { mediaId: string }) {
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
          void navigate('/media-library');
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
          <Button className="ml-auto" onClick={onSave} disabled={save.isPending}>
            {save.isPending ? <Spinner label={t('Saving')} /> : <Save aria-hidden="true" />}
            {t('Save as a new file')}
          </Button>
        </div>
        {recipe.crop ? (
          <CropBox
            url={media.url}
            crop={recipe.crop}
            source={source}
            onMove={(crop) => record({ ...recipe, crop }, 'crop-move')}
          />
        ) : null}
        <Preview item={media} recipe={recipe} />
        <p className="text-xs text-muted-foreground">
          {t('The original stays as it is: saving makes a new file in your media library.')}
        </p>
      </div>
      <div className="grid content-start gap-6">
        <GeometryPanel recipe={recipe} source={source} onChange={record} />
        <ColourPanel recipe={recipe} onChange={record} />
        <LayersPanel recipe={recipe} source={source} onChange={record} sourceId={media.id} />
      </div>
    </div>
  );
}
