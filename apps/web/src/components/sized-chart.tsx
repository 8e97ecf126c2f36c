import { type ReactNode, useRef } from 'react';
import { useElementSize } from '@/lib/use-element-size';

/**
 * A chart's box: an image to assistive technology, measured, and the chart drawn inside it at that size only
 * once it has one, never at 0×0 while the page is hidden or still laid out (docs/decisions/0077-overlay-text-layout.md).
 * The stream analytics bitrate chart and the analytics page's charts use it.
 */
export function SizedChart({
  className,
  label,
  children,
}: {
  /** The box's size (a height and a width, e.g. `h-64 w-full`). */
  className: string;
  label: string;
  children(size: { width: number; height: number }): ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const size = useElementSize(box);
  return (
    <div ref={box} className={className} role="img" aria-label={label}>
      {size.width > 0 && size.height > 0 ? children(size) : null}
    </div>
  );
}
