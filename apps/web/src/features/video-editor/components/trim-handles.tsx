import { formatSeconds } from '@relaycast/shared/video-editor';
import { type KeyboardEvent, type PointerEvent, type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Trim } from './trim-panel';

/** The smallest kept length a handle leaves between start and end, and the step of a drag or an arrow key. */
const MIN_KEPT = 0.1;
const STEP = 0.1;

const round = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * The trim's new bounds when one handle goes to `seconds`: never past the other handle (keeping MIN_KEPT
 * between them), never outside the video, to a tenth of a second (the Trim panel's step).
 */
export function moveTrimHandle(trim: Trim, which: 'start' | 'end', seconds: number, duration: number): Trim {
  if (which === 'start') {
    const start = round(Math.min(Math.max(0, seconds), Math.max(0, trim.end - MIN_KEPT)));
    return { start, end: trim.end };
  }
  const end = round(Math.max(Math.min(duration, seconds), Math.min(duration, trim.start + MIN_KEPT)));
  return { start: trim.start, end };
}

/**
 * The trim's start and end as handles on the timeline's bar: drag them with a pointer, or focus one and use the
 * arrow keys (a tenth of a second; a second with Shift; Home and End go to the ends). Each handle is a slider for
 * assistive technology. A whole drag is one undo step: the editor records trim moves under one key per handle.
 */
export function TrimHandles({
  bar,
  trim,
  duration,
  onTrim,
}: {
  /** The bar the handles sit on: a pointer's position along it is a time of the source. */
  bar: RefObject<HTMLElement | null>;
  trim: Trim;
  duration: number;
  onTrim(next: Trim): void;
}) {
  const { t } = useTranslation('video-editor');
  const dragging = useRef<'start' | 'end' | null>(null);

  function secondsAt(clientX: number): number {
    const rect = bar.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return 0;
    return ((clientX - rect.left) / rect.width) * duration;
  }

  function move(which: 'start' | 'end', seconds: number) {
    const next = moveTrimHandle(trim, which, seconds, duration);
    if (next.start !== trim.start || next.end !== trim.end) onTrim(next);
  }

  function onKeyDown(which: 'start' | 'end', event: KeyboardEvent) {
    const value = trim[which];
    const step = event.shiftKey ? 1 : STEP;
    const target =
      event.key === 'ArrowLeft' || event.key === 'ArrowDown'
        ? value - step
        : event.key === 'ArrowRight' || event.key === 'ArrowUp'
          ? value + step
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? duration
              : null;
    if (target === null) return;
    event.preventDefault();
    move(which, target);
  }

  const handle = (which: 'start' | 'end') => ({
    role: 'slider',
    tabIndex: 0,
    'aria-label': which === 'start' ? t('Trim start') : t('Trim end'),
    'aria-valuemin': 0,
    'aria-valuemax': duration,
    'aria-valuenow': trim[which],
    'aria-valuetext': formatSeconds(trim[which]),
    'data-trim-handle': which,
    onKeyDown: (event: KeyboardEvent) => onKeyDown(which, event),
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      event.preventDefault();
      dragging.current = which;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      event.currentTarget.focus();
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (dragging.current === which) move(which, secondsAt(event.clientX));
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      if (dragging.current !== which) return;
      dragging.current = null;
      event.currentTarget.releasePointerCapture?.(event.pointerId);
    },
    className:
      'absolute -inset-y-1 z-10 w-3 -translate-x-1/2 cursor-ew-resize touch-none rounded-sm border-2 border-background bg-amber-500 shadow focus-visible:outline-2 focus-visible:outline-ring',
    style: { left: `${(duration > 0 ? trim[which] / duration : 0) * 100}%` },
  });

  // `contents`: each handle is placed on the bar itself, as the sections are.
  return (
    <>
      <li className="contents">
        <div {...handle('start')} />
      </li>
      <li className="contents">
        <div {...handle('end')} />
      </li>
    </>
  );
}
