import type { CropBox as Box } from '@relaycast/shared/image-edit';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { CROP_HANDLES, type CropHandle, movedCrop, resizedCrop, type Size } from '../drag-math';

const KEY_STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Where each handle sits on the box, and the cursor it shows. */
const HANDLE_PLACES: Record<CropHandle, string> = {
  nw: 'left-0 top-0 cursor-nwse-resize',
  n: 'left-1/2 top-0 cursor-ns-resize',
  ne: 'left-full top-0 cursor-nesw-resize',
  e: 'left-full top-1/2 cursor-ew-resize',
  se: 'left-full top-full cursor-nwse-resize',
  s: 'left-1/2 top-full cursor-ns-resize',
  sw: 'left-0 top-full cursor-nesw-resize',
  w: 'left-0 top-1/2 cursor-ew-resize',
};

type Drag = { pointerX: number; pointerY: number; start: Box; handle: CropHandle | null };

/**
 * The whole source with the crop box over it: drag the box (or use the arrow keys, Shift for larger steps) to
 * choose what the crop keeps, or drag a corner or edge handle to resize it. With a preset's `ratio` the handles
 * keep its shape; free, each side follows the pointer. The box stays inside the image (drag-math.ts).
 */
export function CropBox({
  url,
  crop,
  source,
  ratio,
  onMove,
}: {
  url: string;
  crop: Box;
  source: Size;
  /** The preset's width / height, or null for a free crop. */
  ratio: number | null;
  onMove(next: Box, key: string): void;
}) {
  const { t } = useTranslation('image-editor');
  const picture = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);

  function startDrag(event: PointerEvent<HTMLElement>, handle: CropHandle | null) {
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerX: event.clientX, pointerY: event.clientY, start: crop, handle };
  }
  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const shown = picture.current?.getBoundingClientRect();
    if (!drag.current || !shown?.width) return;
    const scale = source.width / shown.width;
    const { pointerX, pointerY, start, handle } = drag.current;
    const dx = (event.clientX - pointerX) * scale;
    const dy = (event.clientY - pointerY) * scale;
    if (handle) onMove(resizedCrop(start, handle, dx, dy, source, ratio), 'crop-resize');
    else onMove(movedCrop(start, source, dx, dy), 'crop-move');
  }
  const endDrag = () => {
    drag.current = null;
  };
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const size = event.shiftKey
      ? Math.max(10, Math.round(source.width / 10))
      : Math.max(1, Math.round(source.width / 100));
    onMove(movedCrop(crop, source, step[0] * size, step[1] * size), 'crop-move');
  }
  const handleLabels: Record<CropHandle, string> = {
    nw: t('Top left corner'),
    n: t('Top edge'),
    ne: t('Top right corner'),
    e: t('Right edge'),
    se: t('Bottom right corner'),
    s: t('Bottom edge'),
    sw: t('Bottom left corner'),
    w: t('Left edge'),
  };

  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <div ref={picture} className="relative mx-auto w-fit max-w-full touch-none select-none">
      <img src={url} alt="" draggable={false} className="block max-h-56 max-w-full" />
      <div aria-hidden="true" className="absolute inset-0 bg-black/40" />
      {/* biome-ignore lint/a11y/useSemanticElements: a draggable box moved with the arrow keys, as the video editor's crop frame */}
      <div
        role="button"
        tabIndex={0}
        aria-label={t('Crop box: drag it or move it with the arrow keys')}
        onPointerDown={(event) => startDrag(event, null)}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
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
      >
        {CROP_HANDLES.map((handle) => (
          <span
            key={handle}
            data-handle={handle}
            title={handleLabels[handle]}
            aria-hidden="true"
            onPointerDown={(event) => startDrag(event, handle)}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            className={cn(
              'absolute size-5 -translate-x-1/2 -translate-y-1/2 rounded-sm border-2 border-white bg-primary shadow-[0_0_0_1px_rgba(0,0,0,0.6)] sm:size-3.5',
              HANDLE_PLACES[handle],
            )}
          />
        ))}
      </div>
    </div>
  );
}
