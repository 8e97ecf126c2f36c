import { type RefObject, useEffect, useState } from 'react';

/**
 * An element's size in CSS pixels (its client box), followed as the page resizes; 0×0 until it is measured and
 * while it is hidden. What draws at a size (the video editor's crop frame and text overlays, the stream
 * analytics chart) waits for a size above zero rather than drawing at none.
 */
export function useElementSize(element: RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const measure = () =>
      setSize((current) =>
        current.width === node.clientWidth && current.height === node.clientHeight
          ? current
          : { width: node.clientWidth, height: node.clientHeight },
      );
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [element]);
  return size;
}
