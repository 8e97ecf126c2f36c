import { z } from 'zod';
import type { PlatformId } from './platforms';

/**
 * The image editor's recipe (docs/image-editor.md, docs/decisions/0087-image-editor.md): what the browser
 * previews and the server renders, in one fixed order: crop (source pixels) → rotate (clockwise quarter turns)
 * → flip → resize → adjustments → filter → image layers → text layers. Layers are placed in the pixels of the
 * result (after resize). The original file is never changed: saving makes a new library file.
 */

/** The widest and highest result (and resize) the server renders: about 67 megapixels at most. */
export const MAX_EDIT_DIMENSION = 8192;

export const IMAGE_EDIT_MESSAGES = {
  notAnImage: 'Only still images (JPEG, PNG, WebP) can be edited here.',
  cropOutside: 'The crop box must lie inside the image.',
  tooLarge: `The edited image can be at most ${MAX_EDIT_DIMENSION} pixels wide and high.`,
  layerNotFound: 'A logo or sticker of this edit is not in this workspace’s library.',
  layerNotAnImage: 'A logo or sticker must be a still image.',
  renderFailed: 'The edited image could not be made. Try again, or with a smaller size.',
  textEmpty: 'A text layer needs some text.',
  badColour: 'A colour is written like #ff8800.',
  rotateQuarter: 'An image turns by 0, 90, 180 or 270 degrees.',
} as const;

export const MAX_TEXT_LAYERS = 10;
export const MAX_IMAGE_LAYERS = 5;
export const MAX_TEXT_LENGTH = 500;
export const MIN_FONT_SIZE = 8;
export const MAX_FONT_SIZE = 512;

/** Crop presets: the shapes the platforms ask for (feed squares and portraits, stories and reels, video, links). */
export const ASPECT_PRESETS = [
  { id: '1:1', ratio: 1, hint: 'Instagram, Facebook, LinkedIn feed' },
  { id: '4:5', ratio: 4 / 5, hint: 'Instagram and Facebook portrait' },
  { id: '9:16', ratio: 9 / 16, hint: 'Stories, Reels, TikTok, Shorts' },
  { id: '16:9', ratio: 16 / 9, hint: 'X, YouTube, LinkedIn landscape' },
  { id: '1.91:1', ratio: 1.91, hint: 'Link previews, Facebook and LinkedIn landscape' },
] as const;
export type AspectPresetId = (typeof ASPECT_PRESETS)[number]['id'];
export type AspectPreset = (typeof ASPECT_PRESETS)[number];

/** The shapes each platform shows an image in without cutting it (feed, portrait, story or landscape). */
export const PLATFORM_ASPECTS: Record<PlatformId, readonly AspectPresetId[]> = {
  instagram: ['1:1', '4:5', '9:16'],
  facebook: ['1:1', '4:5', '9:16', '1.91:1'],
  twitter: ['16:9', '1:1'],
  linkedin: ['1:1', '1.91:1'],
  tiktok: ['9:16'],
  youtube: ['16:9', '9:16'],
  bluesky: ['1:1', '16:9'],
  mastodon: ['16:9', '1:1'],
  threads: ['1:1', '4:5'],
};

/**
 * The presets for these platforms' shapes, in ASPECT_PRESETS' order (all of them when no platform is picked),
 * leaving out the shape an image of `size` already has.
 */
export function aspectPresetsFor(
  platforms: readonly PlatformId[],
  size?: { width: number; height: number },
): AspectPreset[] {
  const wanted = new Set(platforms.flatMap((platform) => PLATFORM_ASPECTS[platform] ?? []));
  return ASPECT_PRESETS.filter(
    (preset) =>
      (platforms.length === 0 || wanted.has(preset.id)) &&
      !(size && Math.abs(size.width / size.height - preset.ratio) < 0.01),
  );
}

/** The fonts of text layers: DejaVu files the server has (Debian's fonts-dejavu-core, a dependency of ffmpeg). */
export const EDIT_FONTS = {
  sans: { label: 'DejaVu Sans', file: 'DejaVuSans.ttf' },
  'sans-bold': { label: 'DejaVu Sans Bold', file: 'DejaVuSans-Bold.ttf' },
  serif: { label: 'DejaVu Serif', file: 'DejaVuSerif.ttf' },
  mono: { label: 'DejaVu Sans Mono', file: 'DejaVuSansMono.ttf' },
} as const;
export type EditFont = keyof typeof EDIT_FONTS;
const FONT_IDS = Object.keys(EDIT_FONTS) as [EditFont, ...EditFont[]];

export const EDIT_FILTERS = ['none', 'grayscale', 'sepia', 'invert'] as const;
export type EditFilter = (typeof EDIT_FILTERS)[number];

const dimension = z.number().int().min(1).max(MAX_EDIT_DIMENSION, IMAGE_EDIT_MESSAGES.tooLarge);
const position = z.number().int().min(-MAX_EDIT_DIMENSION).max(MAX_EDIT_DIMENSION);
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, IMAGE_EDIT_MESSAGES.badColour);
const mediaId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const cropBoxSchema = z.strictObject({
  x: z.number().int().min(0).max(65535),
  y: z.number().int().min(0).max(65535),
  width: z.number().int().min(1).max(65535),
  height: z.number().int().min(1).max(65535),
});
export type CropBox = z.infer<typeof cropBoxSchema>;

export const textLayerSchema = z.strictObject({
  text: z
    .string()
    .max(MAX_TEXT_LENGTH)
    .refine((text) => text.trim().length > 0, IMAGE_EDIT_MESSAGES.textEmpty),
  font: z.enum(FONT_IDS),
  size: z.number().int().min(MIN_FONT_SIZE).max(MAX_FONT_SIZE),
  color: colour,
  background: colour.nullable(),
  x: position,
  y: position,
});
export type TextLayer = z.infer<typeof textLayerSchema>;

export const imageLayerSchema = z.strictObject({
  mediaId,
  x: position,
  y: position,
  width: dimension,
  height: dimension,
  /** 0–1. */
  opacity: z.number().min(0).max(1),
});
export type ImageLayer = z.infer<typeof imageLayerSchema>;

export const adjustmentsSchema = z.strictObject({
  /** Multiplies every channel, as CSS `brightness()`: 1 unchanged. */
  brightness: z.number().min(0).max(2),
  /** Around mid-grey, as CSS `contrast()`: 1 unchanged. */
  contrast: z.number().min(0).max(2),
  /** As CSS `saturate()`: 0 grey, 1 unchanged. */
  saturation: z.number().min(0).max(3),
});
export type Adjustments = z.infer<typeof adjustmentsSchema>;

export const imageEditRecipeSchema = z.strictObject({
  crop: cropBoxSchema.nullable(),
  rotate: z.literal([0, 90, 180, 270], { error: IMAGE_EDIT_MESSAGES.rotateQuarter }),
  flipHorizontal: z.boolean(),
  flipVertical: z.boolean(),
  /** The result's size; null keeps the size after crop and rotation. */
  resize: z.strictObject({ width: dimension, height: dimension }).nullable(),
  adjustments: adjustmentsSchema,
  filter: z.enum(EDIT_FILTERS),
  imageLayers: z.array(imageLayerSchema).max(MAX_IMAGE_LAYERS),
  textLayers: z.array(textLayerSchema).max(MAX_TEXT_LAYERS),
});
export type ImageEditRecipe = z.infer<typeof imageEditRecipeSchema>;

export const createImageEditSchema = z.strictObject({
  recipe: imageEditRecipeSchema,
  /** The new file's name; the source's name with " (edited)" when absent. */
  name: z.string().trim().min(1).max(200).optional(),
});
export type CreateImageEdit = z.infer<typeof createImageEditSchema>;

export const EMPTY_RECIPE: ImageEditRecipe = {
  crop: null,
  rotate: 0,
  flipHorizontal: false,
  flipVertical: false,
  resize: null,
  adjustments: { brightness: 1, contrast: 1, saturation: 1 },
  filter: 'none',
  imageLayers: [],
  textLayers: [],
};

/** The size after crop and rotation (before resize). */
export function orientedSize(
  source: { width: number; height: number },
  recipe: Pick<ImageEditRecipe, 'crop' | 'rotate'>,
): { width: number; height: number } {
  const box = recipe.crop ?? { width: source.width, height: source.height };
  return recipe.rotate % 180 === 0
    ? { width: box.width, height: box.height }
    : { width: box.height, height: box.width };
}

/** The result's size. */
export function outputSize(
  source: { width: number; height: number },
  recipe: Pick<ImageEditRecipe, 'crop' | 'rotate' | 'resize'>,
): { width: number; height: number } {
  return recipe.resize ?? orientedSize(source, recipe);
}

/** Whether the crop box lies inside an image of this size. */
export function isCropInside(crop: CropBox | null, source: { width: number; height: number }): boolean {
  return !crop || (crop.x + crop.width <= source.width && crop.y + crop.height <= source.height);
}

/** The largest box of `ratio` (width / height) centred in the image: what a preset button selects. */
export function centredCrop(source: { width: number; height: number }, ratio: number): CropBox {
  let width = source.width;
  let height = Math.round(width / ratio);
  if (height > source.height) {
    height = source.height;
    width = Math.min(source.width, Math.round(height * ratio));
  }
  return {
    x: Math.floor((source.width - width) / 2),
    y: Math.floor((source.height - height) / 2),
    width,
    height,
  };
}

/** Padding around a text layer's background box, in pixels: the same on both sides. */
export function textBoxPadding(size: number): number {
  return Math.round(size * 0.25);
}

type Matrix = readonly [number, number, number, number, number, number, number, number, number];

/** CSS Filter Effects' `saturate()` matrix. */
function saturationMatrix(s: number): Matrix {
  // biome-ignore format: a 3×3 matrix reads best in rows
  return [
    0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s,
    0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s,
    0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s,
  ];
}

const FILTER_MATRICES: Record<Exclude<EditFilter, 'none' | 'invert'>, Matrix> = {
  // CSS `grayscale(1)` and `sepia(1)`.
  grayscale: [0.2126, 0.7152, 0.0722, 0.2126, 0.7152, 0.0722, 0.2126, 0.7152, 0.0722],
  sepia: [0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131],
};

function multiply(a: Matrix, b: Matrix): Matrix {
  const cell = (row: number, col: number) =>
    a[row * 3]! * b[col]! + a[row * 3 + 1]! * b[3 + col]! + a[row * 3 + 2]! * b[6 + col]!;
  return [0, 1, 2, 0, 1, 2, 0, 1, 2].map((col, index) =>
    cell(Math.floor(index / 3), col),
  ) as unknown as Matrix;
}

/**
 * The colour matrix of saturation then the filter (grayscale or sepia), applied to RGB as one step: the server's
 * `colorchannelmixer`; the browser's preview applies the same CSS functions in the same order.
 */
export function colourMatrixOf(recipe: Pick<ImageEditRecipe, 'adjustments' | 'filter'>): Matrix | null {
  const saturation =
    recipe.adjustments.saturation === 1 ? null : saturationMatrix(recipe.adjustments.saturation);
  const filter =
    recipe.filter === 'grayscale' || recipe.filter === 'sepia' ? FILTER_MATRICES[recipe.filter] : null;
  if (saturation && filter) return multiply(filter, saturation);
  return saturation ?? filter;
}

/** The browser's CSS `filter` for the same adjustments and filter, in the server's order. */
export function cssFilterOf(recipe: Pick<ImageEditRecipe, 'adjustments' | 'filter'>): string {
  const { brightness, contrast, saturation } = recipe.adjustments;
  const parts = [`brightness(${brightness})`, `contrast(${contrast})`, `saturate(${saturation})`];
  if (recipe.filter !== 'none') parts.push(`${recipe.filter}(1)`);
  return parts.join(' ');
}
