import { writeFile } from 'node:fs/promises';
import type { TextOverlay } from '@relaycast/shared/video-editor-overlays';
import {
  type FrameSize,
  layoutOverlayText,
  type OverlayLayout,
} from '@relaycast/shared/video-editor-text-layout';
import { AppError } from '../../lib/app-error';

/**
 * The filters that draw text on the export (docs/decisions/0038, 0077): per line of an overlay's layout
 * (packages/shared/src/video-editor-text-layout.ts, the rule the editor's player draws with too) a `drawbox` for its
 * translucent box and a `drawtext` reading the line from a file; libass's `subtitles` for the captions. The
 * filters are pure functions, tested without running ffmpeg; `writeOverlayFiles` writes the lines' files.
 */

/** Seconds to the millisecond, as ffmpeg reads them. */
function millis(seconds: number): string {
  return (Math.round(seconds * 1000) / 1000).toFixed(3);
}

export interface PlannedOverlay {
  /** Where each line goes in the output frame. */
  layout: OverlayLayout;
  /** One file per line of the layout holding its text (null for an empty line, which draws nothing). */
  lineFiles: readonly (string | null)[];
  start: number;
  end: number;
}

/**
 * Lays each overlay out in the output frame by the rule the player draws with and writes each line's text to its
 * own file (`lineFile(overlay, line)`, added to `written` for the clean-up): nothing the user typed is parsed as
 * filter syntax.
 */
export async function writeOverlayFiles(
  overlays: readonly TextOverlay[],
  frame: FrameSize,
  lineFile: (overlay: number, line: number) => string,
  written: string[],
): Promise<PlannedOverlay[]> {
  if (overlays.length === 0) return [];
  if (frame.width <= 0 || frame.height <= 0) throw new AppError('EXPORT_FAILED');
  const planned = overlays.map((overlay, index) => {
    const layout = layoutOverlayText(overlay.text, overlay.position, frame);
    const lineFiles = layout.lines.map((line, at) => (line.box ? lineFile(index, at) : null));
    return { layout, lineFiles, start: overlay.start, end: overlay.end };
  });
  for (const overlay of planned) {
    for (const [at, file] of overlay.lineFiles.entries()) {
      if (!file) continue;
      written.push(file);
      await writeFile(file, overlay.layout.lines[at]!.text, { flag: 'wx' });
    }
  }
  return planned;
}

/** Debian's fonts-dejavu-core (installed with ffmpeg's fontconfig; .ci/run installs it if missing). */
export const OVERLAY_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/**
 * A file path inside a filter option. The paths are the server's own (the data directory, a random job id), so
 * rather than escape them twice over (option, then graph), anything but plain path characters is refused.
 */
function filterPath(value: string): string {
  if (!/^[\w./-]+$/.test(value)) throw new Error(`unsafe path for an ffmpeg filter: ${value}`);
  return value;
}

/**
 * Each line: its box (black at half opacity, filled), then its text in white at the layout's size, centred across
 * by ffmpeg's own measure (`(w-text_w)/2`) with its baseline on the layout's (`ascent` is the line's tallest
 * glyph above the baseline), shown between the overlay's times of the output. `expansion=none`: the text is drawn
 * as written (no `%{…}`).
 */
export function overlayFilters(overlays: readonly PlannedOverlay[]): string[] {
  return overlays.flatMap((overlay) => {
    const enable = `enable='between(t,${millis(overlay.start)},${millis(overlay.end)})'`;
    return overlay.layout.lines.flatMap((line, index) => {
      const file = overlay.lineFiles[index];
      if (!line.box || !file) return [];
      const { left, top, width, height } = line.box;
      return [
        `drawbox=x=${left}:y=${top}:w=${width}:h=${height}:color=black@0.5:t=fill:${enable}`,
        [
          `drawtext=fontfile=${filterPath(OVERLAY_FONT)}`,
          `textfile=${filterPath(file)}`,
          'expansion=none',
          `fontsize=${overlay.layout.fontSize}`,
          'fontcolor=white',
          'x=(w-text_w)/2',
          `y=${line.baseline}-ascent`,
          enable,
        ].join(':'),
      ];
    });
  });
}

/** The captions of an SRT file, burned in by libass. */
export function captionsFilter(file: string): string {
  return `subtitles=filename=${filterPath(file)}:charenc=UTF-8`;
}
