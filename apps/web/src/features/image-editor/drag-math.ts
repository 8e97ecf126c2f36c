import { type CropBox, type ImageEditRecipe, MAX_EDIT_DIMENSION } from '@relaycast/shared/image-edit';

/**
 * The pointer math of the editor (docs/image-editor.md): moving a text or logo on the preview, and moving or
 * resizing the crop box by its handles. Pure, so the tests check it without a browser.
 */

export type Size = { width: number; height: number };
export type Point = { x: number; y: number };
export type Rect = Point & Size;

/** A point of the screen (clientX, clientY) in the pixels of an element shown in `shown`, `size` pixels large. */
export function toImagePoint(
  client: Point,
  shown: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>,
  size: Size,
): Point {
  return {
    x: ((client.x - shown.left) * size.width) / (shown.width || 1),
    y: ((client.y - shown.top) * size.height) / (shown.height || 1),
  };
}

/** A layer picked on the preview: its kind and its place in the recipe's list. */
export type LayerRef = { kind: 'text' | 'image'; index: number };

const inside = (point: Point, rect: Rect) =>
  point.x >= rect.x && point.x <= rect.x + rect.width && point.y >= rect.y && point.y <= rect.y + rect.height;

/**
 * The top-most layer under a point of the result: texts are drawn last, so they win over logos; among each, the
 * later one is on top. `textBoxes` are the texts' drawn boxes (drawRecipe returns them).
 */
export function layerAt(
  point: Point,
  recipe: Pick<ImageEditRecipe, 'imageLayers'>,
  textBoxes: readonly Rect[],
): LayerRef | null {
  for (let index = textBoxes.length - 1; index >= 0; index -= 1) {
    if (inside(point, textBoxes[index]!)) return { kind: 'text', index };
  }
  for (let index = recipe.imageLayers.length - 1; index >= 0; index -= 1) {
    if (inside(point, recipe.imageLayers[index]!)) return { kind: 'image', index };
  }
  return null;
}

const clampPosition = (value: number) =>
  Math.round(Math.min(MAX_EDIT_DIMENSION, Math.max(-MAX_EDIT_DIMENSION, value)));

/** The recipe with one layer moved by (dx, dy) pixels of the result from where it was (`start`). */
export function movedLayer(
  recipe: ImageEditRecipe,
  layer: LayerRef,
  start: Point,
  dx: number,
  dy: number,
): ImageEditRecipe {
  const place = { x: clampPosition(start.x + dx), y: clampPosition(start.y + dy) };
  if (layer.kind === 'text') {
    return {
      ...recipe,
      textLayers: recipe.textLayers.map((text, i) => (i === layer.index ? { ...text, ...place } : text)),
    };
  }
  return {
    ...recipe,
    imageLayers: recipe.imageLayers.map((image, i) => (i === layer.index ? { ...image, ...place } : image)),
  };
}

/** Where a layer of the recipe is (its top-left corner). */
export function layerPosition(recipe: ImageEditRecipe, layer: LayerRef): Point {
  const found = layer.kind === 'text' ? recipe.textLayers[layer.index] : recipe.imageLayers[layer.index];
  return { x: found?.x ?? 0, y: found?.y ?? 0 };
}

/** The box moved by (dx, dy) source pixels, kept inside the image. */
export function movedCrop(crop: CropBox, source: Size, dx: number, dy: number): CropBox {
  return {
    ...crop,
    x: Math.round(Math.min(Math.max(0, crop.x + dx), source.width - crop.width)),
    y: Math.round(Math.min(Math.max(0, crop.y + dy), source.height - crop.height)),
  };
}

/** A crop handle: a corner (`nw`, `ne`, `sw`, `se`) or an edge (`n`, `e`, `s`, `w`). */
export const CROP_HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
export type CropHandle = (typeof CROP_HANDLES)[number];

/** The smallest side a handle leaves the crop box with (or the image's, when smaller). */
export const MIN_CROP_SIDE = 16;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** A side of the box along one axis after its handle moved by `delta`: [start, end]. */
function freeAxis(
  start: number,
  length: number,
  limit: number,
  side: 'low' | 'high' | null,
  delta: number,
  min: number,
): [number, number] {
  const low = start;
  const high = start + length;
  if (side === 'low') return [clamp(low + delta, 0, high - min), high];
  if (side === 'high') return [low, clamp(high + delta, low + min, limit)];
  return [low, high];
}

function sidesOf(handle: CropHandle): { x: 'low' | 'high' | null; y: 'low' | 'high' | null } {
  return {
    x: handle.includes('w') ? 'low' : handle.includes('e') ? 'high' : null,
    y: handle.includes('n') ? 'low' : handle.includes('s') ? 'high' : null,
  };
}

/**
 * The crop box after dragging `handle` by (dx, dy) source pixels from `start`. Free (`ratio` null), each moved
 * side follows the pointer. With a preset's `ratio` (width / height) the box keeps its shape: the side opposite
 * the handle stays put (an edge handle grows the box around its middle on the other axis) and the box stops at
 * the image's border. Always inside the image, whole pixels, at least MIN_CROP_SIDE (or the image) large.
 */
export function resizedCrop(
  start: CropBox,
  handle: CropHandle,
  dx: number,
  dy: number,
  source: Size,
  ratio: number | null,
): CropBox {
  const min = Math.min(MIN_CROP_SIDE, source.width, source.height);
  const sides = sidesOf(handle);
  if (ratio === null) {
    const [left, right] = freeAxis(start.x, start.width, source.width, sides.x, dx, min);
    const [top, bottom] = freeAxis(start.y, start.height, source.height, sides.y, dy, min);
    const x = Math.round(left);
    const y = Math.round(top);
    return { x, y, width: Math.round(right) - x, height: Math.round(bottom) - y };
  }
  // The width the pointer asks for, from each axis it moves.
  const fromX = sides.x === 'low' ? start.width - dx : sides.x === 'high' ? start.width + dx : null;
  const fromY = sides.y === 'low' ? start.height - dy : sides.y === 'high' ? start.height + dy : null;
  // A corner follows the axis the pointer moved further along (in widths), so it both grows and shrinks.
  const asked =
    fromX !== null && (fromY === null || Math.abs(dx) >= Math.abs(dy) * ratio) ? fromX : (fromY ?? 0) * ratio;
  // The room on each axis from the side that stays (or from the middle, for an edge handle).
  const right = start.x + start.width;
  const bottom = start.y + start.height;
  const middleX = start.x + start.width / 2;
  const middleY = start.y + start.height / 2;
  const roomX =
    sides.x === 'low'
      ? right
      : sides.x === 'high'
        ? source.width - start.x
        : 2 * Math.min(middleX, source.width - middleX);
  const roomY =
    sides.y === 'low'
      ? bottom
      : sides.y === 'high'
        ? source.height - start.y
        : 2 * Math.min(middleY, source.height - middleY);
  const largest = Math.min(roomX, roomY * ratio);
  const smallest = Math.min(largest, Math.max(min, min * ratio));
  // Whole pixels that still fit: rounding up could push the side that stays.
  const width = Math.max(1, Math.min(Math.floor(largest), Math.round(clamp(asked, smallest, largest))));
  const height = Math.max(1, Math.min(Math.floor(roomY), Math.round(width / ratio)));
  const x = sides.x === 'low' ? right - width : sides.x === 'high' ? start.x : middleX - width / 2;
  const y = sides.y === 'low' ? bottom - height : sides.y === 'high' ? start.y : middleY - height / 2;
  return {
    x: Math.round(clamp(x, 0, source.width - width)),
    y: Math.round(clamp(y, 0, source.height - height)),
    width,
    height,
  };
}
