import type { CropAspect } from './video-editor';
import type { OverlayPosition } from './video-editor-overlays';

/**
 * Where a text overlay goes in the exported picture (docs/decisions/0077-overlay-text-layout.md): one rule, in
 * pixels of the output frame, that the server's ffmpeg filters draw (`video-editor-text.ts`) and the editor's
 * player draws scaled to its frame on the screen, so the preview is the export. The text is set in DejaVu Sans (the
 * file ffmpeg draws with) at a fourteenth of the frame's height; lines wrap at spaces to stay within the frame's
 * width less a margin, and the size comes down (then long words break) until every line fits across and the
 * block fits between the top and bottom margins. Nothing is ever cut at the frame's edge.
 */

/** The crops as width:height. */
export const CROP_RATIOS: Record<Exclude<CropAspect, 'original'>, readonly [number, number]> = {
  '16:9': [16, 9],
  '9:16': [9, 16],
  '1:1': [1, 1],
  '4:5': [4, 5],
};

export interface FrameSize {
  width: number;
  height: number;
}

/**
 * The largest frame of the chosen aspect inside the picture, with even sides (yuv420p needs them), as ffmpeg's
 * crop filter cuts it (video-editor-ffmpeg.ts): a 1920×1080 source cropped to 9:16 gives 606×1080.
 */
export function croppedSize(width: number, height: number, crop: CropAspect): FrameSize {
  if (crop === 'original') return { width, height };
  const [w, h] = CROP_RATIOS[crop];
  return {
    width: Math.floor(Math.min(width, (height * w) / h) / 2) * 2,
    height: Math.floor(Math.min(height, (width * h) / w) / 2) * 2,
  };
}

/** The text's size: a fourteenth of the frame's height (the size before it has to shrink to fit). */
export const FONT_SIZE_OF_HEIGHT = 1 / 14;
/** Space kept free on each side: a twentieth of the frame's width. */
export const SIDE_MARGIN_OF_WIDTH = 1 / 20;
/** The distance of a top or bottom overlay's box from the frame's edge: a twentieth of its height. */
export const EDGE_MARGIN_OF_HEIGHT = 1 / 20;
/** One line's band (and its box) is this many font sizes tall. */
export const LINE_HEIGHT = 1.3;
/** The box reaches this many font sizes beyond the text on the left and the right. */
export const BOX_PADDING = 0.3;
/** Each try after the first is this much smaller; below a quarter of the first, words too wide are broken. */
const SHRINK_STEP = 0.9;
const BREAK_WORDS_BELOW = 1 / 4;

/** DejaVu Sans (fonts-dejavu-core 2.37): units per em, its ascender and descender (hhea). */
export const OVERLAY_FONT_METRICS = { unitsPerEm: 2048, ascender: 1901, descender: 483 } as const;

/** The font's advance widths in font units, per run of code points (read from DejaVuSans.ttf's hmtx table). */
const ADVANCES: readonly (readonly [number, readonly number[]])[] = [
  [
    32,
    [
      651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690, 1303, 1303, 1303,
      1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087, 2048, 1401, 1405, 1430,
      1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612, 1235, 1612, 1423, 1300, 1251,
      1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024, 1024, 1255, 1300, 1126, 1300, 1260, 721,
      1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253, 1300, 1300, 842, 1067, 803, 1298, 1212, 1675, 1212,
      1212, 1075, 1303, 690, 1303, 1716,
    ],
  ],
  [
    160,
    [
      651, 821, 1303, 1303, 1303, 1303, 690, 1024, 1024, 2048, 965, 1253, 1716, 739, 2048, 1024, 1024, 1716,
      821, 821, 1024, 1303, 1303, 651, 1024, 821, 965, 1253, 1985, 1985, 1985, 1087, 1401, 1401, 1401, 1401,
      1401, 1401, 1995, 1430, 1294, 1294, 1294, 1294, 604, 604, 604, 604, 1587, 1532, 1612, 1612, 1612, 1612,
      1612, 1716, 1612, 1499, 1499, 1499, 1499, 1251, 1239, 1290, 1255, 1255, 1255, 1255, 1255, 1255, 2011,
      1126, 1260, 1260, 1260, 1260, 569, 569, 569, 569, 1253, 1298, 1253, 1253, 1253, 1253, 1253, 1716, 1253,
      1298, 1298, 1298, 1298, 1212, 1300, 1212, 1401, 1255, 1401, 1255, 1401, 1255, 1430, 1126, 1430, 1126,
      1430, 1126, 1430, 1126, 1577, 1300, 1587, 1300, 1294, 1260, 1294, 1260, 1294, 1260, 1294, 1260, 1294,
      1260, 1587, 1300, 1587, 1300, 1587, 1300, 1587, 1300, 1540, 1298, 1876, 1423, 604, 569, 604, 569, 604,
      569, 604, 569, 604, 569, 1208, 1138, 604, 569, 1343, 1186, 1186, 1141, 569, 1141, 569, 1141, 768, 1141,
      700, 1151, 582, 1532, 1298, 1532, 1298, 1532, 1298, 1666, 1532, 1298, 1612, 1253, 1612, 1253, 1612,
      1253, 2191, 2095, 1423, 842, 1423, 842, 1423, 842, 1300, 1067, 1300, 1067, 1300, 1067, 1300, 1067, 1251,
      803, 1251, 803, 1251, 803, 1499, 1298, 1499, 1298, 1499, 1298, 1499, 1298, 1499, 1298, 1499, 1298, 2025,
      1675, 1251, 1212, 1251, 1403, 1075, 1403, 1075, 1403, 1075, 721,
    ],
  ],
  [
    0x2010,
    [
      739, 739, 1303, 1024, 2048, 2048, 1024, 1024, 651, 651, 651, 651, 1061, 1061, 1061, 1061, 1024, 1024,
      1208, 1208, 685, 1367, 2048, 651,
    ],
  ],
  [0x20ac, [1303]],
];

/** A character the table does not hold (another script, an emoji) counts as a full em: never narrower than drawn. */
const UNKNOWN_ADVANCE = OVERLAY_FONT_METRICS.unitsPerEm;

function advanceOf(codePoint: number): number {
  for (const [first, widths] of ADVANCES) {
    const width = widths[codePoint - first];
    if (codePoint >= first && width !== undefined) return width;
  }
  return UNKNOWN_ADVANCE;
}

/**
 * The width of a line of text at a size in pixels, as wide as ffmpeg can draw it: each advance rounded up to the
 * pixel (FreeType hints advances to whole pixels), kerning left out (it only brings DejaVu's pairs closer).
 */
export function textWidth(text: string, fontSize: number): number {
  let width = 0;
  for (const character of text) {
    width += Math.ceil((advanceOf(character.codePointAt(0)!) * fontSize) / OVERLAY_FONT_METRICS.unitsPerEm);
  }
  return width;
}

export interface OverlayLine {
  text: string;
  /** The line's text width (textWidth). */
  width: number;
  /** The y of the text's baseline, in pixels from the frame's top; the line is centred across the frame. */
  baseline: number;
  /** The translucent box behind the line (none behind an empty line), in whole pixels. */
  box: { left: number; top: number; width: number; height: number } | null;
}

export interface OverlayLayout {
  /** The size the text is drawn at, in whole pixels (what ffmpeg's `fontsize` takes). */
  fontSize: number;
  lines: OverlayLine[];
}

/** The widest a line may be at this size: the frame less its side margins and the box's padding. */
function widthLimit(frame: FrameSize, fontSize: number): number {
  return frame.width * (1 - 2 * SIDE_MARGIN_OF_WIDTH) - 2 * Math.ceil(BOX_PADDING * fontSize);
}

/** Splits a word wider than `limit` into pieces that fit (at least one character each). */
function breakWord(word: string, fontSize: number, limit: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const character of word) {
    if (piece !== '' && textWidth(piece + character, fontSize) > limit) {
      pieces.push(piece);
      piece = '';
    }
    piece += character;
  }
  return piece === '' ? pieces : [...pieces, piece];
}

/** Greedy wrapping at spaces (the text's own line breaks kept); words too wide are broken only when asked. */
export function wrapText(text: string, fontSize: number, limit: number, breakLongWords: boolean): string[] {
  return text.split('\n').flatMap((paragraph) => {
    const words = paragraph
      .split(/\s+/)
      .filter((word) => word !== '')
      .flatMap((word) =>
        breakLongWords && textWidth(word, fontSize) > limit ? breakWord(word, fontSize, limit) : [word],
      );
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.at(-1);
      if (last !== undefined && textWidth(`${last} ${word}`, fontSize) <= limit)
        lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    return lines.length > 0 ? lines : [''];
  });
}

const lineStepOf = (fontSize: number) => Math.round(LINE_HEIGHT * fontSize);

/** Whether these lines fit the frame at this size: each across, all of them between the top and bottom margins. */
function fits(lines: readonly string[], frame: FrameSize, fontSize: number): boolean {
  const limit = widthLimit(frame, fontSize);
  const room = frame.height * (1 - 2 * EDGE_MARGIN_OF_HEIGHT);
  return (
    lines.length * lineStepOf(fontSize) <= room && lines.every((line) => textWidth(line, fontSize) <= limit)
  );
}

/** The lines at their places: the block at the top, the centre or the bottom, each line centred across. */
function place(lines: readonly string[], frame: FrameSize, fontSize: number, position: OverlayPosition) {
  const step = lineStepOf(fontSize);
  const block = lines.length * step;
  const edge = Math.round(frame.height * EDGE_MARGIN_OF_HEIGHT);
  const top =
    position === 'top'
      ? edge
      : position === 'bottom'
        ? frame.height - edge - block
        : Math.round((frame.height - block) / 2);
  const { unitsPerEm, ascender, descender } = OVERLAY_FONT_METRICS;
  // The font's ascender and descender centred in the line's band.
  const baselineInBand = Math.round((step + ((ascender - descender) * fontSize) / unitsPerEm) / 2);
  const padding = Math.ceil(BOX_PADDING * fontSize);
  return lines.map((text, index): OverlayLine => {
    const width = textWidth(text, fontSize);
    const lineTop = top + index * step;
    const boxWidth = width + 2 * padding;
    return {
      text,
      width,
      baseline: lineTop + baselineInBand,
      box:
        text === ''
          ? null
          : { left: Math.round((frame.width - boxWidth) / 2), top: lineTop, width: boxWidth, height: step },
    };
  });
}

/**
 * The overlay's layout in a frame of this size: at a fourteenth of the height when it fits; otherwise smaller, a
 * tenth at a time (words too wide for the frame broken once it is below a quarter of the first size), until it fits.
 */
export function layoutOverlayText(text: string, position: OverlayPosition, frame: FrameSize): OverlayLayout {
  const first = Math.max(1, Math.round(frame.height * FONT_SIZE_OF_HEIGHT));
  const breakBelow = first * BREAK_WORDS_BELOW;
  let fontSize = first;
  let lines = wrapText(text, fontSize, widthLimit(frame, fontSize), false);
  while (!fits(lines, frame, fontSize) && fontSize > 1) {
    fontSize = Math.max(1, Math.min(fontSize - 1, Math.floor(fontSize * SHRINK_STEP)));
    lines = wrapText(text, fontSize, widthLimit(frame, fontSize), fontSize <= breakBelow);
  }
  return { fontSize, lines: place(lines, frame, fontSize, position) };
}
