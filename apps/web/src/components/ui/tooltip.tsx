import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

const GAP = 4;
const MARGIN = 8;
const MAX_WIDTH = 320;

interface Place {
  left: number;
  width: number;
  top?: number;
  bottom?: number;
}

/** Below the trigger, or above it when there is no room below; never past the screen's edges. */
function placeFor(trigger: DOMRect): Place {
  const width = Math.min(MAX_WIDTH, window.innerWidth - 2 * MARGIN);
  const left = Math.max(MARGIN, Math.min(trigger.left, window.innerWidth - width - MARGIN));
  const roomBelow = window.innerHeight - trigger.bottom;
  return roomBelow >= 160 || roomBelow >= trigger.top
    ? { left, width, top: trigger.bottom + GAP }
    : { left, width, bottom: window.innerHeight - trigger.top + GAP };
}

/**
 * A tooltip with more than fits on a card: shown while the pointer is over the trigger or keyboard focus is
 * inside it (so the keyboard reaches it too), hidden with Escape. Drawn in a portal with a fixed position, so a parent's
 * `overflow: hidden` never cuts it and, while hidden, it takes no room at all. `children` receives the id the
 * focusable trigger names in `aria-describedby` while the tooltip shows.
 */
export function Tooltip({
  content,
  children,
  className,
}: {
  content: ReactNode;
  children(describedBy: string | undefined): ReactNode;
  className?: string;
}) {
  const id = useId();
  const wrapper = useRef<HTMLSpanElement>(null);
  const [isHovered, setHovered] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const [isDismissed, setDismissed] = useState(false);
  const [place, setPlace] = useState<Place | null>(null);
  const isOpen = (isHovered || isFocused) && !isDismissed;

  useLayoutEffect(() => {
    if (!isOpen || !wrapper.current) return setPlace(null);
    setPlace(placeFor(wrapper.current.getBoundingClientRect()));
    // A fixed tooltip would drift away from its trigger when the page scrolls: close it instead.
    const close = () => setDismissed(true);
    window.addEventListener('scroll', close, { capture: true, passive: true });
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', close, { capture: true });
      window.removeEventListener('resize', close);
    };
  }, [isOpen]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: shows the description; the trigger inside is the control.
    <span
      ref={wrapper}
      className={className}
      onPointerEnter={() => {
        setHovered(true);
        setDismissed(false);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={(event) => {
        // Keyboard focus only: a click, or a dialog focusing its first link after a click, shows no tooltip.
        if (!(event.target as Element).matches(':focus-visible')) return;
        setFocused(true);
        setDismissed(false);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          // The first Escape closes the tooltip only, not a dialog around it.
          event.preventDefault();
          event.stopPropagation();
          setDismissed(true);
        }
      }}
    >
      {children(isOpen ? id : undefined)}
      {isOpen && place
        ? createPortal(
            <span
              id={id}
              role="tooltip"
              style={place}
              className="pointer-events-none fixed z-50 grid gap-1 rounded-md border bg-card px-3 py-2 text-xs text-foreground shadow-lg"
            >
              {content}
            </span>,
            // Inside a modal <dialog> (the calendar's "+N more"), the page behind is under the top layer.
            wrapper.current?.closest('dialog') ?? document.body,
          )
        : null}
    </span>
  );
}
