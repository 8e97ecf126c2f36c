import type { CropAspect } from '@relaycast/shared/video-editor';
import { CROP_RATIOS } from '@relaycast/shared/video-editor-text-layout';
import { type KeyboardEvent, type PointerEvent, type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useElementSize } from '@/lib/use-element-size';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where the picture sits in the player (letterboxed, as `object-fit: contain` shows it) and where the crop's frame
 * sits in the picture: the largest frame of the aspect (as the server cuts it, video-editor-ffmpeg.ts), moved by
 * `position` (0 to 1) along the one side with room to spare.
 */
export function cropLayout(
  player: { width: number; height: number },
  video: { width: number; height: number },
  crop: Exclude<CropAspect, 'original'>,
  position: number,
): { picture: Box; frame: Box; axis: 'x' | 'y' } {
  const scale = Math.min(player.width / video.width, player.height / video.height);
  const picture = {
    width: video.width * scale,
    height: video.height * scale,
    left: (player.width - video.width * scale) / 2,
    top: (player.height - video.height * scale) / 2,
  };
  const [aspectWidth, aspectHeight] = CROP_RATIOS[crop];
  const aspect = aspectWidth / aspectHeight;
  const width = Math.min(picture.width, picture.height * aspect);
  const height = Math.min(picture.height, picture.width / aspect);
  const axis = picture.width - width >= picture.height - height ? 'x' : 'y';
  return {
    picture,
    frame: {
      width,
      height,
      left: axis === 'x' ? (picture.width - width) * position : 0,
      top: axis === 'y' ? (picture.height - height) * position : 0,
    },
    axis,
  };
}

/**
 * The crop's frame over the preview: what is outside it is dimmed, and the frame moves along the side with room
 * (dragged, or with the arrow keys: 5 %, 20 % with Shift, Home and End). The export cuts the same frame.
 */
export function CropFrame({
  player,
  video,
  crop,
  position,
  onChange,
}: {
  player: RefObject<HTMLElement | null>;
  /** The source's size in pixels (the player's videoWidth and videoHeight). */
  video: { width: number; height: number };
  crop: Exclude<CropAspect, 'original'>;
  position: number;
  onChange(position: number): void;
}) {
  const { t } = useTranslation('video-editor');
  const size = useElementSize(player);
  const drag = useRef<{ pointer: number; from: number; at: number } | null>(null);
  if (size.width === 0 || video.width === 0 || video.height === 0) return null;
  const { picture, frame, axis } = cropLayout(size, video, crop, position);
  const room = axis === 'x' ? picture.width - frame.width : picture.height - frame.height;
  const set = (next: number) => onChange(Math.round(Math.min(1, Math.max(0, next)) * 1000) / 1000);

  function onKeyDown(event: KeyboardEvent) {
    const step = event.shiftKey ? 0.2 : 0.05;
    const next =
      event.key === 'ArrowLeft' || event.key === 'ArrowUp'
        ? position - step
        : event.key === 'ArrowRight' || event.key === 'ArrowDown'
          ? position + step
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? 1
              : null;
    if (next === null) return;
    event.preventDefault();
    set(next);
  }

  return (
    <div
      aria-hidden={room <= 0.5 ? true : undefined}
      className="pointer-events-none absolute overflow-hidden rounded-sm"
      style={{ left: picture.left, top: picture.top, width: picture.width, height: picture.height }}
    >
      {/* What the export leaves out, dimmed: before and after the frame along its side with room. */}
      <div
        className="absolute bg-black/60"
        style={
          axis === 'x'
            ? { left: 0, top: 0, bottom: 0, width: frame.left }
            : { top: 0, left: 0, right: 0, height: frame.top }
        }
      />
      <div
        className="absolute bg-black/60"
        style={
          axis === 'x'
            ? { left: frame.left + frame.width, top: 0, bottom: 0, right: 0 }
            : { top: frame.top + frame.height, left: 0, right: 0, bottom: 0 }
        }
      />
      <div
        role="slider"
        tabIndex={room > 0.5 ? 0 : -1}
        aria-label={t('Crop frame position')}
        aria-orientation={axis === 'x' ? 'horizontal' : 'vertical'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(position * 100)}
        data-testid="crop-frame"
        className="pointer-events-auto absolute cursor-move touch-none border-2 border-white focus-visible:outline-2 focus-visible:outline-ring"
        style={frame}
        onKeyDown={onKeyDown}
        onPointerDown={(event: PointerEvent<HTMLDivElement>) => {
          event.preventDefault();
          event.currentTarget.setPointerCapture?.(event.pointerId);
          event.currentTarget.focus();
          drag.current = {
            pointer: event.pointerId,
            from: axis === 'x' ? event.clientX : event.clientY,
            at: position,
          };
        }}
        onPointerMove={(event: PointerEvent<HTMLDivElement>) => {
          const current = drag.current;
          if (!current || current.pointer !== event.pointerId || room <= 0) return;
          const moved = (axis === 'x' ? event.clientX : event.clientY) - current.from;
          set(current.at + moved / room);
        }}
        onPointerUp={(event: PointerEvent<HTMLDivElement>) => {
          drag.current = null;
          event.currentTarget.releasePointerCapture?.(event.pointerId);
        }}
      />
    </div>
  );
}
