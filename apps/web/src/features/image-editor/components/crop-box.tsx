import type { CropBox as Box } from '@relaycast/shared/image-edit';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type Size = { width: number; height: number };

/** The box moved by (dx, dy) source pixels, kept inside the image. */
export function movedCrop(crop: Box, source: Size, dx: number, dy: number): Box {
  return {
    ...crop,
    x: Math.round(Math.min(Math.max(0, crop.x + dx), source.width - crop.width)),
    y: Math.round(Math.min(Math.max(0, crop.y + dy), source.height - crop.height)),
  };
}

const KEY_STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The whole source with the crop box over it: drag the box (or use the arrow keys, Shift for larger steps) to
 * choose what the crop keeps. Its size comes from the preset or the free-crop fields.
 */
export function CropBox({
  url,
  crop,
  source,
  onMove,
}: {
  url: string;
  crop: Box;
  source: Size;
  onMove(next: Box): void;
}) {
  const { t } = useTranslation('image-editor');
  const picture = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerX: number; pointerY: number; start: Box } | null>(null);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerX: event.clientX, pointerY: event.clientY, start: crop };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const shown = picture.current?.getBoundingClientRect();
    if (!drag.current || !shown?.width) return;
    const scale = source.width / shown.width;
    const { pointerX, pointerY, start } = drag.current;
    onMove(movedCrop(start, source, (event.clientX - pointerX) * scale, (event.clientY - pointerY) * scale));
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const size = event.shiftKey
      ? Math.max(10, Math.round(source.width / 10))
      : Math.max(1, Math.round(source.width / 100));
    onMove(movedCrop(crop, source, step[0] * size, step[1] * size));
  }

  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <div ref={picture} className="relative mx-auto w-fit max-w-full select-none">
      <img src={url} alt="" draggable={false} className="block max-h-56 max-w-full" />
      <div aria-hidden="true" className="absolute inset-0 bg-black/40" />
      {/* biome-ignore lint/a11y/useSemanticElements: a draggable box moved with the arrow keys, as the video editor's crop frame */}
      <div
        role="button"
        tabIndex={0}
        aria-label={t('Crop box: drag it or move it with the arrow keys')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          drag.current = null;
        }}
        onKeyDown={onKeyDown}
        className="absolute cursor-move border-2 border-white shadow-[0_0_0_1px_rgba(0,0,0,0.6)] outline-none focus-visible:ring-2 focus-visible:ring-primary"
        style={{
          left: percent(crop.x, source.width),
          top: percent(crop.y, source.height),
          width: percent(crop.width, source.width),
          height: percent(crop.height, source.height),
          backgroundImage: `url("${url}")`,
          backgroundSize: `${(source.width / crop.width) * 100}% ${(source.height / crop.height) * 100}%`,
          backgroundPosition: `${crop.width === source.width ? 0 : (crop.x / (source.width - crop.width)) * 100}% ${crop.height === source.height ? 0 : (crop.y / (source.height - crop.height)) * 100}%`,
        }}
      />
    </div>
  );
}
