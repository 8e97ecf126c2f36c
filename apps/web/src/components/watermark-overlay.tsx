import { type WatermarkInput, watermarkBox } from '@relaycast/shared/watermarks';
import type { CSSProperties, ReactNode } from 'react';
import { cn } from '@/lib/cn';

type Placement = Pick<WatermarkInput, 'opacity' | 'size' | 'position' | 'margin'> & { imageUrl: string };

/**
 * A watermark drawn over a photo or video as the server will burn it in (docs/watermarks.md): the same numbers
 * through the same `watermarkBox`, as CSS. Width and the side margins are shares of the media's width, the top and
 * bottom margins of its height (CSS `top`/`bottom` percentages are of the height, as ffmpeg's `H*margin`).
 */
export function WatermarkOverlay({
  mark,
  children,
  className,
}: {
  mark: Placement | null;
  children: ReactNode;
  className?: string;
}) {
  if (!mark) return <div className={className}>{children}</div>;
  const box = watermarkBox(mark);
  const margin = `${box.margin * 100}%`;
  const style: CSSProperties = { width: `${box.width * 100}%`, opacity: mark.opacity / 100 };
  if (box.horizontal === 'left') style.left = margin;
  else if (box.horizontal === 'right') style.right = margin;
  else style.left = `${(1 - box.width) * 50}%`;
  if (box.vertical === 'top') style.top = margin;
  else if (box.vertical === 'bottom') style.bottom = margin;
  else {
    style.top = '50%';
    style.transform = 'translateY(-50%)';
  }
  return (
    <div className={cn('relative', className)}>
      {children}
      <img
        src={mark.imageUrl}
        alt=""
        data-testid="watermark-overlay"
        className="pointer-events-none absolute h-auto"
        style={style}
      />
    </div>
  );
}
