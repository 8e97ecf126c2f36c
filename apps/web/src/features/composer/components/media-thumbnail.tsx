import { mediaKindOf } from '@relaycast/shared/platforms';
import { Film, Play } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { AttachedMedia } from '@/lib/post-form';

/** A square preview of an attached file: the image itself, or a video's poster frame with a play mark. */
export function MediaThumbnail({
  media,
  className,
  decorative,
}: {
  media: Pick<AttachedMedia, 'name' | 'mimeType' | 'url' | 'thumbnailUrl'>;
  className?: string;
  /** The name is written next to the thumbnail already. */
  decorative?: boolean;
}) {
  const isVideo = mediaKindOf(media.mimeType) === 'video';
  const src = media.thumbnailUrl ?? (isVideo ? null : media.url);
  return (
    <span className={cn('relative block overflow-hidden rounded-md bg-muted', className)}>
      {src ? (
        <img src={src} alt={decorative ? '' : media.name} loading="lazy" className="size-full object-cover" />
      ) : (
        <span className="flex size-full items-center justify-center text-muted-foreground">
          <Film aria-hidden="true" className="size-6" />
          {decorative ? null : <span className="sr-only">{media.name}</span>}
        </span>
      )}
      {isVideo ? <PlayMark /> : null}
    </span>
  );
}

/** The play mark over a video's poster (or its placeholder); `large` in a preview's frame. */
export function PlayMark({ large }: { large?: boolean }) {
  return (
    <span className="absolute inset-0 flex items-center justify-center">
      <span
        className={cn(
          'inline-flex items-center justify-center rounded-full bg-black/60 text-white',
          large ? 'size-10' : 'size-7',
        )}
      >
        <Play aria-hidden="true" className={cn('fill-current', large ? 'size-4' : 'size-3.5')} />
      </span>
    </span>
  );
}
