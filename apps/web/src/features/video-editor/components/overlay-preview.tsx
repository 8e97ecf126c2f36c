import type { CropAspect } from '@relaycast/shared/video-editor';
import type { TextOverlay } from '@relaycast/shared/video-editor-overlays';
import { croppedSize, layoutOverlayText } from '@relaycast/shared/video-editor-text-layout';
import { Fragment, type RefObject } from 'react';
import { useElementSize } from '@/lib/use-element-size';
import { type Box, cropLayout } from './crop-frame';

/** The font ffmpeg draws with, served by the server (`@font-face` in index.css), then look-alikes. */
const OVERLAY_FONT_FAMILY = "'Relaycast Overlay', 'DejaVu Sans', Verdana, sans-serif";

/** Where the export's frame is on the screen: the letterboxed picture, or the crop's frame inside it. */
export function outputFrameBox(
  player: { width: number; height: number },
  video: { width: number; height: number },
  crop: CropAspect,
  position: number,
): Box {
  // The picture's place does not depend on the crop; without one, any aspect gives it.
  const { picture, frame } = cropLayout(player, video, crop === 'original' ? '16:9' : crop, position);
  if (crop === 'original') return picture;
  return {
    left: picture.left + frame.left,
    top: picture.top + frame.top,
    width: frame.width,
    height: frame.height,
  };
}

/**
 * The text overlays shown at this time of the output, drawn over the player as the export will draw them
 * (docs/decisions/0077-overlay-text-layout.md): the shared layout in pixels of the output frame, in an SVG whose
 * view box is that frame, stretched over where the frame is on the screen. Each line's box, then its text centred
 * across with its baseline where ffmpeg puts it.
 */
export function OverlayPreview({
  player,
  video,
  crop,
  position,
  overlays,
  time,
}: {
  player: RefObject<HTMLElement | null>;
  /** The source's size in pixels (the player's videoWidth and videoHeight). */
  video: { width: number; height: number };
  crop: CropAspect;
  position: number;
  overlays: readonly TextOverlay[];
  /** The playhead, in seconds of the output. */
  time: number;
}) {
  const size = useElementSize(player);
  const shown = overlays.filter((overlay) => time >= overlay.start && time <= overlay.end);
  if (size.width === 0 || video.width === 0 || video.height === 0 || shown.length === 0) return null;
  const box = outputFrameBox(size, video, crop, position);
  const frame = croppedSize(video.width, video.height, crop);
  return (
    <svg
      data-testid="overlay-preview"
      aria-hidden="true"
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      preserveAspectRatio="none"
      className="pointer-events-none absolute"
      style={box}
    >
      {shown.map((overlay) => {
        const layout = layoutOverlayText(overlay.text, overlay.position, frame);
        return (
          <g key={`${overlay.start}-${overlay.position}-${overlay.text}`}>
            {layout.lines.map((line, index) =>
              line.box ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a line's place in its overlay is what it is.
                <Fragment key={index}>
                  <rect
                    x={line.box.left}
                    y={line.box.top}
                    width={line.box.width}
                    height={line.box.height}
                    fill="black"
                    fillOpacity={0.5}
                  />
                  <text
                    x={frame.width / 2}
                    y={line.baseline}
                    textAnchor="middle"
                    fontSize={layout.fontSize}
                    fontFamily={OVERLAY_FONT_FAMILY}
                    fill="white"
                    style={{ whiteSpace: 'pre' }}
                  >
                    {line.text}
                  </text>
                </Fragment>
              ) : null,
            )}
          </g>
        );
      })}
    </svg>
  );
}
