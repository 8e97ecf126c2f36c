import {
  cssFilterOf,
  type EDIT_FONTS,
  type ImageEditRecipe,
  orientedSize,
  outputSize,
  type TextLayer,
  textBoxPadding,
} from '@relaycast/shared/image-edit';

/** DejaVu's line height (ascent + descent) per pixel of font size, as the server's drawtext spaces lines. */
const LINE_HEIGHT = 1.17;

const FONT_FAMILIES: Record<keyof typeof EDIT_FONTS, string> = {
  sans: '"DejaVu Sans", "Verdana", sans-serif',
  'sans-bold': '"DejaVu Sans", "Verdana", sans-serif',
  serif: '"DejaVu Serif", "Georgia", serif',
  mono: '"DejaVu Sans Mono", "Menlo", monospace',
};

export function cssFontOf(layer: Pick<TextLayer, 'font' | 'size'>): string {
  const weight = layer.font === 'sans-bold' ? 'bold ' : '';
  return `${weight}${layer.size}px ${FONT_FAMILIES[layer.font]}`;
}

/**
 * Draws the recipe on a canvas the size of the result, in the server's order (image-edit.ts): the crop of the
 * source turned and flipped into the result's frame and scaled to it, with the same CSS-defined colour filters;
 * then the image layers; then the text on its box. Geometry and colours match the server's render; text may
 * differ by a pixel or two where the browser lacks the DejaVu fonts. Returns each text's box (with its
 * background's padding) in the result's pixels, for picking a text with the pointer.
 */
export function drawRecipe(
  context: CanvasRenderingContext2D,
  source: CanvasImageSource & { width: number; height: number },
  layers: ReadonlyMap<string, CanvasImageSource>,
  recipe: ImageEditRecipe,
): TextBox[] {
  const size = { width: source.width, height: source.height };
  const output = outputSize(size, recipe);
  const oriented = orientedSize(size, recipe);
  const crop = recipe.crop ?? { x: 0, y: 0, ...size };
  context.canvas.width = output.width;
  context.canvas.height = output.height;
  context.save();
  // Canvas transforms apply last-called first: scale(flip(rotate(point))).
  context.scale(output.width / oriented.width, output.height / oriented.height);
  if (recipe.flipHorizontal) context.transform(-1, 0, 0, 1, oriented.width, 0);
  if (recipe.flipVertical) context.transform(1, 0, 0, -1, 0, oriented.height);
  if (recipe.rotate === 90) context.transform(0, 1, -1, 0, oriented.width, 0);
  if (recipe.rotate === 180) context.transform(-1, 0, 0, -1, crop.width, crop.height);
  if (recipe.rotate === 270) context.transform(0, -1, 1, 0, 0, oriented.height);
  context.filter = cssFilterOf(recipe);
  context.drawImage(source, crop.x, crop.y, crop.width, crop.height, 0, 0, crop.width, crop.height);
  context.restore();
  context.filter = 'none';
  for (const layer of recipe.imageLayers) {
    const image = layers.get(layer.mediaId);
    if (!image) continue;
    context.globalAlpha = layer.opacity;
    context.drawImage(image, layer.x, layer.y, layer.width, layer.height);
    context.globalAlpha = 1;
  }
  return recipe.textLayers.map((layer) => drawText(context, layer));
}

/** Where a text was drawn: its box in the result's pixels. */
export type TextBox = { x: number; y: number; width: number; height: number };

function drawText(context: CanvasRenderingContext2D, layer: TextLayer): TextBox {
  context.font = cssFontOf(layer);
  context.textBaseline = 'top';
  const lines = layer.text.split('\n');
  const lineHeight = layer.size * LINE_HEIGHT;
  const pad = textBoxPadding(layer.size);
  const width = Math.max(...lines.map((line) => context.measureText(line).width));
  const box = {
    x: layer.x - pad,
    y: layer.y - pad,
    width: width + 2 * pad,
    height: lines.length * lineHeight + 2 * pad,
  };
  if (layer.background) {
    context.fillStyle = layer.background;
    context.fillRect(box.x, box.y, box.width, box.height);
  }
  context.fillStyle = layer.color;
  lines.forEach((line, index) => {
    context.fillText(line, layer.x, layer.y + index * lineHeight);
  });
  return box;
}
