import { CLIP_GENERATOR_MESSAGES } from '@relaycast/shared/youtube';
import { ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { translateMessage } from '@/i18n';

/** How long a thumbnail may take before its placeholder is shown instead. */
const THUMBNAIL_TIMEOUT_MS = 15_000;

/**
 * A snapshot's thumbnail from the provider's host; when the host cannot be reached (offline, blocked, 404) or
 * takes too long, a placeholder says so. The snapshot itself (offset and link) never depends on the image.
 */
export function SnapshotThumbnail({ src }: { src: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');

  // Mounted once per image (keyed by its src by the caller), so the state starts fresh for each new link.
  useEffect(() => {
    const timer = setTimeout(
      () => setState((current) => (current === 'loading' ? 'failed' : current)),
      THUMBNAIL_TIMEOUT_MS,
    );
    return () => clearTimeout(timer);
  }, []);

  if (state === 'failed') {
    return (
      <span className="flex aspect-video w-full flex-col items-center justify-center gap-1 bg-muted px-2 text-center text-xs text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-5" />
        {translateMessage(CLIP_GENERATOR_MESSAGES.previewUnavailable)}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      className="aspect-video w-full bg-muted object-cover"
      referrerPolicy="no-referrer"
      onLoad={(event) => setState(event.currentTarget.naturalWidth > 0 ? 'loaded' : 'failed')}
      onError={() => setState('failed')}
    />
  );
}
