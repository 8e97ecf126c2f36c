import {
  buildSnapshots,
  CLIP_GENERATOR_MESSAGES,
  parseYouTubeVideoId,
  type Snapshot,
  youTubeWatchUrl,
} from '@relaycast/shared/youtube';
import { ExternalLink, ImageDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { translateMessage } from '@/i18n';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { SnapshotThumbnail } from './snapshot-thumbnail';

/** A URL, the same in every language. */
const EXAMPLE_URL = 'https://www.youtube.com/watch?v=…';

/** "1:30" for 90 seconds. */
export function formatOffset(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The clip generator in YouTube mode: a link becomes four snapshots (30, 60, 90 and 120 s) with the
 * provider's thumbnails; each opens the watch page at its offset in a new tab. Used on /clip-generator and as
 * a panel of the studio (`compact`).
 */
export function ClipGenerator({ compact = false, className }: { compact?: boolean; className?: string }) {
  const { t } = useTranslation('clip-generator');
  const id = useId();
  const [url, setUrl] = useState('');
  const [snapshots, setSnapshots] = useState<Snapshot[]>([]);

  function generate() {
    if (!url.trim()) return toast.error(translateMessage(CLIP_GENERATOR_MESSAGES.urlRequired));
    const videoId = parseYouTubeVideoId(url);
    if (!videoId) return toast.error(translateMessage(CLIP_GENERATOR_MESSAGES.invalidUrl));
    // The offsets and links need nothing from the thumbnail host: each thumbnail loads (or fails) on its own.
    setSnapshots(buildSnapshots(videoId));
    toast.success(translateMessage(CLIP_GENERATOR_MESSAGES.generated));
  }

  return (
    <div className={cn('grid gap-4', className)}>
      <form
        noValidate
        className={cn('flex gap-2', compact ? 'flex-col' : 'flex-col sm:flex-row sm:items-end')}
        onSubmit={(event) => {
          event.preventDefault();
          generate();
        }}
      >
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor={`${id}-url`}>{t('YouTube video URL')}</Label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder={EXAMPLE_URL}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
        <Button type="submit">
          <ImageDown aria-hidden="true" />
          {t('Generate Snapshots')}
        </Button>
      </form>
      {snapshots.length > 0 ? (
        <ul
          aria-label={t('Snapshots')}
          className={cn('grid gap-3', compact ? 'grid-cols-2' : 'grid-cols-2 md:grid-cols-4')}
        >
          {snapshots.map((snapshot) => (
            <li key={snapshot.id} id={`${id}-${snapshot.id}`} data-snapshot-id={snapshot.id}>
              <a
                href={youTubeWatchUrl(snapshot.videoId, snapshot.timestamp)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('Open the video at {{time}} (opens in a new tab)', {
                  time: formatOffset(snapshot.timestamp),
                })}
                className="group block overflow-hidden rounded-lg border bg-card shadow-sm hover:ring-2 hover:ring-primary focus-visible:outline-2 focus-visible:outline-ring"
              >
                <SnapshotThumbnail key={snapshot.thumbnail} src={snapshot.thumbnail} />
                <span className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                  <span className="font-medium">{formatOffset(snapshot.timestamp)}</span>
                  <ExternalLink aria-hidden="true" className="size-3.5 text-muted-foreground" />
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
