import type { OverlayPosition } from '@relaycast/shared/video-editor-overlays';

/**
 * The filters that draw text on the export (docs/decisions/0038): `drawtext` per overlay, reading the text from
 * a file, and libass's `subtitles` for the captions. Pure functions, tested without running ffmpeg.
 */

/** Seconds to the millisecond, as ffmpeg reads them. */
function millis(seconds: number): string {
  return (Math.round(seconds * 1000) / 1000).toFixed(3);
}

export interface PlannedOverlay {
  textFile: string;
  position: OverlayPosition;
  start: number;
  end: number;
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

const OVERLAY_Y: Record<OverlayPosition, string> = {
  top: 'h/20',
  center: '(h-text_h)/2',
  bottom: 'h-text_h-h/20',
};

/**
 * One `drawtext` per overlay: white text on a translucent box, centred across, a fourteenth of the height
 * tall, shown between its times of the output. `expansion=none`: the text is drawn as written (no `%{…}`).
 */
export function overlayFilters(overlays: readonly PlannedOverlay[]): string[] {
  return overlays.map((overlay) =>
    [
      `drawtext=fontfile=${filterPath(OVERLAY_FONT)}`,
      `textfile=${filterPath(overlay.textFile)}`,
      'expansion=none',
      'fontsize=h/14',
      'fontcolor=white',
      'box=1',
      'boxcolor=black@0.5',
      'boxborderw=8',
      'x=(w-text_w)/2',
      `y=${OVERLAY_Y[overlay.position]}`,
      `enable='between(t,${millis(overlay.start)},${millis(overlay.end)})'`,
    ].join(':'),
  );
}

/** The captions of an SRT file, burned in by libass. */
export function captionsFilter(file: string): string {
  return `subtitles=filename=${filterPath(file)}:charenc=UTF-8`;
}
