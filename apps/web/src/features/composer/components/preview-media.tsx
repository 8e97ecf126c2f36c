import { mediaKindOf } from '@relaycast/shared/platforms';
import type { MediaFrame } from '@relaycast/shared/post-preview-rules';
import { Film } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { AttachedMedia } from '@/lib/post-form';
import { PlayMark } from './media-thumbnail';

/** A file's size as the browser measured it, for a file the server could not measure. */
export type OnMeasured = (id: string, size: { width: number; height: number }) => void;

/** How tall a single frame may be drawn: a portrait box narrows (and centres) rather than grow past it. */
const MAX_FRAME_HEIGHT = '34rem';

/** The box's ratio as a CSS style; a portrait box keeps its ratio by narrowing. */
export function frameStyle(aspectRatio: number): CSSProperties {
  return {
    aspectRatio: String(aspectRatio),
    ...(aspectRatio < 1 ? { width: `min(100%, calc(${MAX_FRAME_HEIGHT} * ${aspectRatio}))` } : {}),
  };
}

/** One file inside its box: the image (or a video's poster with a play mark), cropped or letterboxed. */
function MediaItem({
  media,
  fit,
  onMeasured,
  className,
}: {
  media: AttachedMedia;
  fit: MediaFrame['fit'];
  onMeasured: OnMeasured;
  className?: string;
}) {
  const isVideo = mediaKindOf(media.mimeType) === 'video';
  const src = media.thumbnailUrl ?? (isVideo ? null : media.url);
  const needsSize = media.width === null || media.height === null;
  return (
    <span
      className={cn(
        'relative block size-full overflow-hidden',
        fit === 'contain' ? 'bg-black' : 'bg-muted',
        className,
      )}
    >
      {src ? (
        <img
          src={src}
          alt={media.name}
          className={cn('size-full', fit === 'contain' ? 'object-contain' : 'object-cover')}
          onLoad={(event) => {
            const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
            if (needsSize && width > 0 && height > 0) onMeasured(media.id, { width, height });
          }}
        />
      ) : (
        <span className="flex size-full items-center justify-center text-muted-foreground">
          <Film aria-hidden="true" className="size-6" />
          <span className="sr-only">{media.name}</span>
        </span>
      )}
      {isVideo ? <PlayMark large /> : null}
    </span>
  );
}

/** The carousel's dots: one per item, the first filled (Instagram draws them under the photo). */
export function CarouselDots({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation('composer');
  return (
    <span
      role="img"
      aria-label={t('Carousel of {{total}} items', { total: count })}
      className={cn('flex justify-center gap-1', className)}
    >
      {Array.from({ length: Math.min(count, 10) }, (_, index) => `dot-${index}`).map((dot, index) => (
        <span
          key={dot}
          className={cn('size-1.5 rounded-full', index === 0 ? 'bg-sky-500' : 'bg-muted-foreground/40')}
        />
      ))}
    </span>
  );
}

function GridFrame({
  frame,
  media,
  onMeasured,
}: {
  frame: MediaFrame;
  media: readonly AttachedMedia[];
  onMeasured: OnMeasured;
}) {
  const tiles = media.slice(0, frame.shown);
  return (
    <div
      data-testid="preview-frame"
      style={frameStyle(frame.aspectRatio)}
      className={cn(
        'grid w-full gap-0.5 overflow-hidden',
        tiles.length === 2 ? 'grid-cols-2' : 'grid-cols-2 grid-rows-2',
      )}
    >
      {tiles.map((item, index) => (
        <span
          key={item.id}
          className={cn('relative min-h-0', tiles.length === 3 && index === 0 ? 'row-span-2' : '')}
        >
          <MediaItem media={item} fit="cover" onMeasured={onMeasured} />
          {index === tiles.length - 1 && frame.hidden > 0 ? (
            <span className="absolute inset-0 flex items-center justify-center bg-black/55 text-lg font-semibold text-white">
              +{frame.hidden}
            </span>
          ) : null}
        </span>
      ))}
    </div>
  );
}

/**
 * The attached media as the network frames it (packages/shared/src/post-preview.ts): one box at the computed
 * ratio, a carousel's first item, a grid of tiles or a sideways row. `className` rounds or borders the box.
 */
export function PreviewMedia({
  frame,
  media,
  onMeasured,
  className,
}: {
  frame: MediaFrame;
  media: readonly AttachedMedia[];
  onMeasured: OnMeasured;
  className?: string;
}) {
  const { t } = useTranslation('composer');
  if (frame.layout === 'grid') {
    return (
      <div className={cn('overflow-hidden', className)}>
        <GridFrame frame={frame} media={media} onMeasured={onMeasured} />
      </div>
    );
  }
  if (frame.layout === 'row') {
    return (
      <div className="flex gap-2 overflow-x-auto pb-1">
        {media.slice(0, frame.shown).map((item, index) => (
          <span
            key={item.id}
            data-testid={index === 0 ? 'preview-frame' : undefined}
            style={{ aspectRatio: String(frame.aspectRatio) }}
            className={cn('w-3/4 shrink-0 overflow-hidden', className)}
          >
            <MediaItem media={item} fit={frame.fit} onMeasured={onMeasured} />
          </span>
        ))}
      </div>
    );
  }
  const first = media[0];
  if (!first) return null;
  return (
    <div
      data-testid="preview-frame"
      style={frameStyle(frame.aspectRatio)}
      className={cn('relative mx-auto w-full overflow-hidden', className)}
    >
      <MediaItem media={first} fit={frame.fit} onMeasured={onMeasured} />
      {frame.badge ? (
        <span className="absolute top-2 left-2 rounded bg-black/60 px-1.5 py-0.5 text-xs font-semibold text-white">
          {frame.badge === 'reel' ? t('Reel') : t('Short')}
        </span>
      ) : null}
      {frame.layout === 'carousel' ? (
        <span className="absolute top-2 right-2 rounded-full bg-black/60 px-2 py-0.5 text-xs text-white">
          1/{frame.dots}
        </span>
      ) : null}
    </div>
  );
}
