import { describe, expect, it } from 'vitest';
import { MAX_OVERLAY_TEXT, OVERLAY_POSITIONS } from './video-editor-overlays';
import {
  croppedSize,
  EDGE_MARGIN_OF_HEIGHT,
  type FrameSize,
  layoutOverlayText,
  type OverlayLayout,
  SIDE_MARGIN_OF_WIDTH,
  textWidth,
  wrapText,
} from './video-editor-text-layout';

/** Every box within the frame less its side margins, and the block between its top and bottom margins. */
function expectInside(layout: OverlayLayout, frame: FrameSize) {
  const side = frame.width * SIDE_MARGIN_OF_WIDTH;
  const edge = Math.round(frame.height * EDGE_MARGIN_OF_HEIGHT);
  for (const line of layout.lines) {
    if (!line.box) continue;
    expect(line.box.left).toBeGreaterThanOrEqual(Math.floor(side));
    expect(line.box.left + line.box.width).toBeLessThanOrEqual(Math.ceil(frame.width - side));
    expect(line.box.top).toBeGreaterThanOrEqual(edge - 1);
    expect(line.box.top + line.box.height).toBeLessThanOrEqual(frame.height - edge + 1);
    expect(line.width).toBeLessThan(line.box.width);
    expect(line.baseline).toBeGreaterThan(line.box.top);
    expect(line.baseline).toBeLessThan(line.box.top + line.box.height);
  }
}

describe('the output frame', () => {
  it('keeps the largest frame of the aspect, with even sides, as ffmpeg crops it', () => {
    expect(croppedSize(1920, 1080, '9:16')).toEqual({ width: 606, height: 1080 });
    expect(croppedSize(1920, 1080, '1:1')).toEqual({ width: 1080, height: 1080 });
    expect(croppedSize(1920, 1080, '4:5')).toEqual({ width: 864, height: 1080 });
    expect(croppedSize(1080, 1920, '16:9')).toEqual({ width: 1080, height: 606 });
    expect(croppedSize(320, 240, 'original')).toEqual({ width: 320, height: 240 });
  });
});

describe('text width', () => {
  it("adds DejaVu Sans's advances, each rounded up to the pixel", () => {
    // H 1540, i 569 in units of 2048: at 2048 px each is its advance.
    expect(textWidth('Hi', 2048)).toBe(1540 + 569);
    expect(textWidth('Hi', 10)).toBe(Math.ceil(15400 / 2048) + Math.ceil(5690 / 2048));
    // A character the table does not hold counts as a full em.
    expect(textWidth('漢', 100)).toBe(100);
    expect(textWidth('😀', 100)).toBe(100);
  });
});

describe('the layout of a text overlay', () => {
  const portrait = { width: 1080, height: 1920 };

  it('wraps "Spring sale! 20% off" at the bottom of a 9:16 frame instead of cutting it', () => {
    const layout = layoutOverlayText('Spring sale! 20% off everything', 'bottom', portrait);
    expect(layout.fontSize).toBe(Math.round(1920 / 14));
    expect(layout.lines.map((line) => line.text)).toEqual(['Spring sale!', '20% off', 'everything']);
    expectInside(layout, portrait);
    // The block ends a twentieth of the height above the bottom edge.
    const last = layout.lines.at(-1)!.box!;
    expect(last.top + last.height).toBe(1920 - 96);
    // Lines follow one another without a gap or an overlap.
    expect(layout.lines[1]!.box!.top).toBe(layout.lines[0]!.box!.top + layout.lines[0]!.box!.height);
  });

  it('keeps a short line on one line at full size, centred across, at the top, centre or bottom', () => {
    const frame = { width: 1920, height: 1080 };
    const top = layoutOverlayText('Hello', 'top', frame);
    expect(top.lines).toHaveLength(1);
    expect(top.fontSize).toBe(77);
    const box = top.lines[0]!.box!;
    expect(box.top).toBe(54);
    expect(Math.abs(box.left + box.width / 2 - 960)).toBeLessThanOrEqual(1);
    const center = layoutOverlayText('Hello', 'center', frame).lines[0]!.box!;
    expect(Math.abs(center.top + center.height / 2 - 540)).toBeLessThanOrEqual(1);
    const bottom = layoutOverlayText('Hello', 'bottom', frame).lines[0]!.box!;
    expect(bottom.top + bottom.height).toBe(1080 - 54);
  });

  it("keeps the text's own line breaks", () => {
    const layout = layoutOverlayText('One\nTwo', 'center', portrait);
    expect(layout.lines.map((line) => line.text)).toEqual(['One', 'Two']);
  });

  it('shrinks the text for a word wider than the frame, and breaks a word no size fits', () => {
    const word = layoutOverlayText('Supercalifragilistic', 'bottom', portrait);
    expect(word.fontSize).toBeLessThan(137);
    expect(word.lines.map((line) => line.text)).toEqual(['Supercalifragilistic']);
    expectInside(word, portrait);
    const link = layoutOverlayText(`https://example.com/${'a'.repeat(170)}`, 'top', portrait);
    expect(link.lines.length).toBeGreaterThan(1);
    expect(link.lines.map((line) => line.text).join('')).toBe(`https://example.com/${'a'.repeat(170)}`);
    expectInside(link, portrait);
  });

  it('fits the longest text in every crop of a 1080p source, in every position', () => {
    const long = 'Spring sale! 20% off everything in the shop until Sunday, with free delivery. '.repeat(3);
    const text = long.slice(0, MAX_OVERLAY_TEXT).trim();
    for (const crop of ['original', '16:9', '9:16', '1:1', '4:5'] as const) {
      for (const source of [
        { width: 1920, height: 1080 },
        { width: 1080, height: 1920 },
        { width: 320, height: 240 },
      ]) {
        const frame = croppedSize(source.width, source.height, crop);
        for (const position of OVERLAY_POSITIONS)
          expectInside(layoutOverlayText(text, position, frame), frame);
      }
    }
  });

  it('wraps greedily at spaces within the width it is given', () => {
    expect(wrapText('a b c', 100, textWidth('a b', 100), false)).toEqual(['a b', 'c']);
    expect(wrapText('   ', 100, 1000, false)).toEqual(['']);
    expect(wrapText('abcdef', 100, textWidth('abc', 100), true)).toEqual(['abc', 'def']);
  });
});
