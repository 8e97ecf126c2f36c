import type { MediaItem } from '@relaycast/shared/media';
import { clampTrim, previewPositionAfter, VIDEO_EDITOR_MESSAGES } from '@relaycast/shared/video-editor';
import { useRef, useState } from 'react';
import { useImportVideo } from '@/api/video-editor';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { ExportPanel } from './export-panel';
import { LoadVideoPanel } from './load-video-panel';
import { type Trim, TrimPanel } from './trim-panel';

/** Refusals that say more than "check the URL": the plan's file-size and storage limits. */
function loadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 413 || error.status === 409)) return error.message;
  return VIDEO_EDITOR_MESSAGES.loadFailed;
}

/**
 * The video editor (spec sections 2, 4 and 5): not loaded → loading ('Processing...') → loaded (the trim
 * and export panels appear) or back to not loaded. The player's metadata decides: a file the browser cannot
 * read is a failed load even when the server stored it.
 */
export function VideoEditor() {
  const [source, setSource] = useState<MediaItem | null>(null);
  const [duration, setDuration] = useState<number | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const [trim, setTrim] = useState<Trim>({ start: 0, end: 0 });
  const player = useRef<HTMLVideoElement>(null);
  const importVideo = useImportVideo();

  function open(item: MediaItem) {
    setDuration(null);
    setSource(item);
    setIsLoading(true);
  }

  async function loadUrl(url: string) {
    if (!url.trim()) {
      toast.error(VIDEO_EDITOR_MESSAGES.urlRequired);
      return;
    }
    setIsLoading(true);
    setSource(null);
    setDuration(null);
    try {
      open(await importVideo.mutateAsync(url.trim()));
    } catch (error) {
      setIsLoading(false);
      toast.error(loadErrorMessage(error));
    }
  }

  return (
    <div className="grid gap-6">
      <LoadVideoPanel isLoading={isLoading} onLoadUrl={(url) => void loadUrl(url)} onOpen={open} />
      {isLoading ? (
        <p role="status" className="text-sm text-muted-foreground">
          {VIDEO_EDITOR_MESSAGES.processing}
        </p>
      ) : null}
      {source ? (
        <div
          className={duration === null ? 'sr-only' : 'grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]'}
        >
          {/* biome-ignore lint/a11y/useMediaCaption: the user's own video, being edited; it has no caption file (subtitles are a known gap, README). */}
          <video
            key={source.id}
            ref={player}
            aria-label={`Preview of ${source.name}`}
            src={source.url}
            controls
            preload="metadata"
            className="aspect-video w-full rounded-xl bg-black"
            onLoadedMetadata={(event) => {
              const seconds = Number.isFinite(event.currentTarget.duration)
                ? event.currentTarget.duration
                : (source.durationSeconds ?? 0);
              const rounded = Math.round(seconds * 1000) / 1000;
              setDuration(rounded);
              setTrim({ start: 0, end: rounded });
              setIsLoading(false);
              toast.success(VIDEO_EDITOR_MESSAGES.loaded);
            }}
            onError={() => {
              setSource(null);
              setIsLoading(false);
              toast.error(VIDEO_EDITOR_MESSAGES.loadFailed);
            }}
            onTimeUpdate={(event) => {
              const next = previewPositionAfter(event.currentTarget.currentTime, trim);
              if (next && !event.currentTarget.paused) {
                event.currentTarget.pause();
                event.currentTarget.currentTime = next.seekTo;
              }
            }}
          >
            {VIDEO_EDITOR_MESSAGES.unsupportedBrowser}
          </video>
          {duration !== null ? (
            <div className="grid content-start gap-4">
              <TrimPanel
                trim={trim}
                duration={duration}
                onChange={setTrim}
                onPreview={() => {
                  const video = player.current;
                  if (!video) return;
                  const bounded = clampTrim(trim, duration);
                  setTrim(bounded);
                  video.currentTime = bounded.start;
                  void video.play().catch(() => undefined);
                }}
              />
              <ExportPanel
                key={source.id}
                mediaId={source.id}
                sourceName={source.name}
                trim={clampTrim(trim, duration)}
              />
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
