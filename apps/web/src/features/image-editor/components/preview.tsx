import { type ImageEditRecipe, outputSize } from '@relaycast/shared/image-edit';
import type { MediaItem } from '@relaycast/shared/media';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { type LayerRef, layerAt, layerPosition, movedLayer, type Point, toImagePoint } from '../drag-math';
import { drawRecipe, type TextBox } from '../draw-recipe';

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

type LayerDrag = { layer: LayerRef; start: Point; pointer: Point };

/**
 * The preview: the recipe drawn on a canvas the size of the result, shrunk to fit the column. A text or a logo is
 * dragged on it with the mouse, a finger or a pen (pointer events); its number fields follow, and keyboard users
 * keep those fields. One drag is one undo step.
 */
export function Preview({
  item,
  recipe,
  onChange,
}: {
  item: MediaItem;
  recipe: ImageEditRecipe;
  onChange(next: ImageEditRecipe, key: string): void;
}) {
  const { t } = useTranslation('image-editor');
  const canvas = useRef<HTMLCanvasElement>(null);
  const textBoxes = useRef<TextBox[]>([]);
  const drag = useRef<LayerDrag | null>(null);
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
    textBoxes.current = drawRecipe(
      context,
      source,
      new Map([...layers].filter(([, image]) => image)),
      recipe,
    );
  });
  const size = outputSize({ width: item.width ?? 1, height: item.height ?? 1 }, recipe);

  function pointOf(event: PointerEvent<HTMLCanvasElement>): Point {
    const shown = event.currentTarget.getBoundingClientRect();
    return toImagePoint({ x: event.clientX, y: event.clientY }, shown, size);
  }
  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    const pointer = pointOf(event);
    const layer = layerAt(pointer, recipe, textBoxes.current);
    if (!layer) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { layer, start: layerPosition(recipe, layer), pointer };
  }
  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    const pointer = pointOf(event);
    const current = drag.current;
    if (!current) {
      event.currentTarget.style.cursor = layerAt(pointer, recipe, textBoxes.current) ? 'move' : '';
      return;
    }
    const { layer, start } = current;
    const next = movedLayer(
      recipe,
      layer,
      start,
      pointer.x - current.pointer.x,
      pointer.y - current.pointer.y,
    );
    onChange(next, `drag-${layer.kind}-${layer.index}`);
  }
  const endDrag = () => {
    drag.current = null;
  };
  return (
    <figure className="grid gap-2">
      <div className="flex min-h-64 items-center justify-center overflow-hidden rounded-lg bg-muted p-2">
        <canvas
          ref={canvas}
          role="img"
          aria-label={t('Preview of the edited image')}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          className={cn(
            'max-h-[70vh] max-w-full object-contain',
            // A finger on a text or logo drags it rather than scrolling the page.
            recipe.textLayers.length + recipe.imageLayers.length > 0 && 'touch-none',
          )}
        />
      </div>
      <figcaption className="text-sm text-muted-foreground tabular-nums">
        {t('Result: {{width}} × {{height}} px', size)}
        {recipe.textLayers.length + recipe.imageLayers.length > 0 ? (
          <span className="block text-xs">{t('Drag a text or a logo on the preview to move it.')}</span>
        ) : null}
      </figcaption>
    </figure>
  );
}
