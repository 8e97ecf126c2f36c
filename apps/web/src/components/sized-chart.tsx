import { type ReactNode, useRef } from 'react';
import { cn } from '@/lib/cn';
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
    <div ref={box} className={cn('relative', className)} role="img" aria-label={label}>
      {/* Out of the flow: the drawn chart never holds its box at its old size when the page narrows. */}
      {size.width > 0 && size.height > 0 ? <div className="absolute inset-0">{children(size)}</div> : null}
    </div>
  );
}
