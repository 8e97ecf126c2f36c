import { EMPTY_RECIPE, type ImageEditRecipe } from '@relaycast/shared/image-edit';
import { describe, expect, it } from 'vitest';
import { layerAt, layerPosition, movedLayer, resizedCrop, toImagePoint } from './drag-math';

const TEXT = {
  text: 'Hi',
  font: 'sans',
  size: 20,
  color: '#ffffff',
  background: null,
  x: 10,
  y: 10,
} as const;
const LOGO = { mediaId: 'logo', x: 100, y: 20, width: 50, height: 50, opacity: 1 };
const RECIPE: ImageEditRecipe = { ...EMPTY_RECIPE, textLayers: [TEXT], imageLayers: [LOGO] };

describe('dragging a layer on the preview', () => {
  it('turns a screen point into the result’s pixels of a shrunk preview', () => {
    const shown = { left: 50, top: 20, width: 200, height: 100 };
    expect(toImagePoint({ x: 150, y: 70 }, shown, { width: 1000, height: 500 })).toEqual({ x: 500, y: 250 });
  });

  it('picks the top-most layer under the pointer: a text over a logo, none on the bare image', () => {
    const boxes = [{ x: 5, y: 5, width: 120, height: 30 }];
    expect(layerAt({ x: 110, y: 25 }, RECIPE, boxes)).toEqual({ kind: 'text', index: 0 });
    expect(layerAt({ x: 110, y: 60 }, RECIPE, boxes)).toEqual({ kind: 'image', index: 0 });
    expect(layerAt({ x: 300, y: 300 }, RECIPE, boxes)).toBeNull();
    const twoLogos = { ...RECIPE, imageLayers: [LOGO, { ...LOGO, mediaId: 'sticker' }] };
    expect(layerAt({ x: 110, y: 60 }, twoLogos, [])).toEqual({ kind: 'image', index: 1 });
  });

  it('moves the dragged layer by the pointer’s way from where it started, in whole pixels', () => {
    const text = { kind: 'text', index: 0 } as const;
    const logo = { kind: 'image', index: 0 } as const;
    const start = layerPosition(RECIPE, text);
    expect(start).toEqual({ x: 10, y: 10 });
    const moved = movedLayer(RECIPE, text, start, 30.4, -4.6);
    expect(moved.textLayers[0]).toMatchObject({ x: 40, y: 5 });
    expect(moved.imageLayers[0]).toEqual(LOGO);
    expect(movedLayer(RECIPE, logo, layerPosition(RECIPE, logo), -20, 15).imageLayers[0]).toMatchObject({
      x: 80,
      y: 35,
    });
    // The recipe's limits: at most 8192 pixels off either way.
    expect(movedLayer(RECIPE, logo, { x: 0, y: 0 }, 99_999, -99_999).imageLayers[0]).toMatchObject({
      x: 8192,
      y: -8192,
    });
  });
});

describe('resizing the crop box by its handles', () => {
  const source = { width: 400, height: 300 };
  const box = { x: 100, y: 50, width: 100, height: 100 };

  it('free: each moved side follows the pointer, the others stay, inside the image', () => {
    expect(resizedCrop(box, 'e', 40, 999, source, null)).toEqual({ x: 100, y: 50, width: 140, height: 100 });
    expect(resizedCrop(box, 'nw', -30, -20, source, null)).toEqual({ x: 70, y: 30, width: 130, height: 120 });
    expect(resizedCrop(box, 'se', 1000, 1000, source, null)).toEqual({
      x: 100,
      y: 50,
      width: 300,
      height: 250,
    });
    expect(resizedCrop(box, 'w', -500, 0, source, null)).toEqual({ x: 0, y: 50, width: 200, height: 100 });
    // Never smaller than 16 pixels, never turned inside out.
    expect(resizedCrop(box, 'n', 0, 500, source, null)).toEqual({ x: 100, y: 134, width: 100, height: 16 });
  });

  it('with a preset keeps its shape, the opposite corner in place, and stops at the image’s border', () => {
    const portrait = { x: 100, y: 20, width: 90, height: 160 }; // 9:16
    const grown = resizedCrop(portrait, 'se', 18, 0, source, 9 / 16);
    expect(grown).toEqual({ x: 100, y: 20, width: 108, height: 192 });
    // A corner follows the axis moved further; the bottom border (300) stops it at 280 pixels high.
    const stopped = resizedCrop(portrait, 'se', 10, 500, source, 9 / 16);
    expect(stopped).toEqual({ x: 100, y: 20, width: 157, height: 279 });
    expect(stopped.width / stopped.height).toBeCloseTo(9 / 16, 2);
    // The top-left corner keeps the bottom-right one where it was.
    const fromNw = resizedCrop(portrait, 'nw', 45, 0, source, 9 / 16);
    expect(fromNw).toMatchObject({ width: 45, height: 80 });
    expect(fromNw.x + fromNw.width).toBe(190);
    expect(fromNw.y + fromNw.height).toBe(180);
  });

  it('with a preset, an edge handle grows the box around its middle on the other axis', () => {
    const square = { x: 150, y: 100, width: 100, height: 100 };
    const wider = resizedCrop(square, 'e', 50, 0, source, 1);
    expect(wider).toEqual({ x: 150, y: 75, width: 150, height: 150 });
    // The bottom border (200 pixels below the top edge, which stays) limits it to 200, centred on x = 200.
    const widest = resizedCrop(square, 's', 0, 900, source, 1);
    expect(widest).toEqual({ x: 100, y: 100, width: 200, height: 200 });
    expect(widest.x + widest.width).toBeLessThanOrEqual(source.width);
  });
});
