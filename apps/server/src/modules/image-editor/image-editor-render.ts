import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  colourMatrixOf,
  EDIT_FONTS,
  type ImageEditRecipe,
  outputSize,
  textBoxPadding,
} from '@relaycast/shared/image-edit';
import { runProcess } from '../../lib/media/ffmpeg';

/** Where the text layers' fonts are (Debian's fonts-dejavu-core). */
export const EDIT_FONT_DIR = '/usr/share/fonts/truetype/dejavu';
/** How long one render may take: a 8192×8192 result with every layer stays well under it. */
const RENDER_TIMEOUT_MS = 60_000;

export interface RenderInput {
  recipe: ImageEditRecipe;
  source: { path: string; width: number; height: number };
  /** The image layers' files, in the recipe's order. */
  layerPaths: readonly string[];
  /** A directory of this render only: the text layers' text files go there. */
  workDir: string;
  output: { path: string; format: 'png' | 'jpeg' };
}

/** ffmpeg's `0xRRGGBB` from `#rrggbb`. */
function ffmpegColour(hex: string): string {
  return `0x${hex.slice(1)}`;
}

/** A number for a filter expression: no exponent, a few decimals. */
function num(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/** Crop, rotation, flips and resize of the base image, as filters in the recipe's order. */
function geometryFilters(input: RenderInput): string[] {
  const { recipe, source } = input;
  const filters: string[] = [];
  if (recipe.crop) {
    const { x, y, width, height } = recipe.crop;
    filters.push(`crop=${width}:${height}:${x}:${y}:exact=1`);
  }
  if (recipe.rotate === 90) filters.push('transpose=clock');
  if (recipe.rotate === 270) filters.push('transpose=cclock');
  if (recipe.rotate === 180) filters.push('hflip', 'vflip');
  if (recipe.flipHorizontal) filters.push('hflip');
  if (recipe.flipVertical) filters.push('vflip');
  if (recipe.resize) {
    const size = outputSize(source, recipe);
    filters.push(`scale=${size.width}:${size.height}:flags=lanczos`);
  }
  return filters;
}

/**
 * Brightness, contrast, saturation and the filter, in RGB with the formulas of CSS Filter Effects (each step
 * clamped), so the browser's canvas preview (`ctx.filter`) computes the same colours: brightness and contrast
 * as one lookup table, saturation and grayscale or sepia as one colour matrix, then invert.
 */
function colourFilters(recipe: ImageEditRecipe): string[] {
  const filters: string[] = [];
  const { brightness, contrast } = recipe.adjustments;
  if (brightness !== 1 || contrast !== 1) {
    const expression = `clip((clip(val*${num(brightness)}\\,0\\,255)-127.5)*${num(contrast)}+127.5\\,0\\,255)`;
    filters.push(`lutrgb=r='${expression}':g='${expression}':b='${expression}'`);
  }
  const matrix = colourMatrixOf(recipe);
  if (matrix) {
    const names = ['rr', 'rg', 'rb', 'gr', 'gg', 'gb', 'br', 'bg', 'bb'];
    filters.push(
      `colorchannelmixer=${matrix.map((value, index) => `${names[index]}=${num(value)}`).join(':')}`,
    );
  }
  if (recipe.filter === 'invert') filters.push('negate');
  return filters;
}

/**
 * The text layers as `drawtext` filters. The text goes through a file of its own (`textfile`, `expansion=none`),
 * so nothing a user types is read as filter syntax or as a `%{…}` expansion.
 */
async function textFilters(input: RenderInput): Promise<string[]> {
  return Promise.all(
    input.recipe.textLayers.map(async (layer, index) => {
      const textFile = path.join(input.workDir, `text-${index}.txt`);
      await writeFile(textFile, layer.text, 'utf8');
      const options = [
        `fontfile=${path.join(EDIT_FONT_DIR, EDIT_FONTS[layer.font].file)}`,
        `textfile=${textFile}`,
        'expansion=none',
        `fontsize=${layer.size}`,
        `fontcolor=${ffmpegColour(layer.color)}`,
        `x=${layer.x}`,
        `y=${layer.y}`,
      ];
      if (layer.background) {
        options.push(
          'box=1',
          `boxcolor=${ffmpegColour(layer.background)}`,
          `boxborderw=${textBoxPadding(layer.size)}`,
        );
      }
      return `drawtext=${options.join(':')}`;
    }),
  );
}

/** The whole filter graph: the base image, its colours, then each image layer over it, then the text. */
export async function buildFilterGraph(input: RenderInput): Promise<string> {
  const alpha = input.output.format === 'png' ? 'rgba' : 'rgb24';
  const base = [`format=${alpha}`, ...geometryFilters(input), ...colourFilters(input.recipe)];
  const chains = [`[0:v]${base.join(',')}[base0]`];
  input.recipe.imageLayers.forEach((layer, index) => {
    const fade = layer.opacity < 1 ? `,colorchannelmixer=aa=${num(layer.opacity)}` : '';
    chains.push(
      `[${index + 1}:v]scale=${layer.width}:${layer.height}:flags=lanczos,format=rgba${fade}[layer${index}]`,
    );
    chains.push(
      `[base${index}][layer${index}]overlay=x=${layer.x}:y=${layer.y}:format=auto[base${index + 1}]`,
    );
  });
  const texts = await textFilters(input);
  const last = `[base${input.recipe.imageLayers.length}]`;
  chains.push(`${last}${texts.length > 0 ? texts.join(',') : 'null'},format=${alpha}[out]`);
  return chains.join(';');
}

/** Renders the recipe into `output.path` with ffmpeg (docs/decisions/0087-image-editor.md). */
export async function renderImageEdit(
  ffmpegPath: string,
  input: RenderInput,
  signal?: AbortSignal,
): Promise<void> {
  const graph = await buildFilterGraph(input);
  const inputs = [input.source.path, ...input.layerPaths].flatMap((file) => ['-i', file]);
  const encoder = input.output.format === 'png' ? ['-c:v', 'png'] : ['-c:v', 'mjpeg', '-q:v', '2'];
  await runProcess(
    ffmpegPath,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      ...inputs,
      '-filter_complex',
      graph,
      '-map',
      '[out]',
      '-frames:v',
      '1',
      ...encoder,
      '-f',
      'image2',
      input.output.path,
    ],
    { timeoutMs: RENDER_TIMEOUT_MS, signal, tempPaths: [input.output.path] },
  );
}
