import type { MediaItem } from '@relaycast/shared/media';
import { type CropAspect, clampTrim, VIDEO_EDITOR_MESSAGES } from '@relaycast/shared/video-editor';
import {
  playbackPositionAfter,
  sourceToOutputTime,
  totalDuration,
  trimEditList,
} from '@relaycast/shared/video-editor-edit-list';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useImportVideo } from '@/api/video-editor';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/i18n';
import { apiFetch } from '@/lib/api-client';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import { initialEdit, useEditHistory } from '../hooks/use-edit-history';
import { loadSavedEdit, saveEdit } from '../saved-edit';
import { CropFrame } from './crop-frame';
import { EditTimeline } from './edit-timeline';
import { ExportPanel } from './export-panel';
import { LoadVideoPanel } from './load-video-panel';
import { OverlayPreview } from './overlay-preview';
import { TextAndCaptionsPanel } from './text-and-captions-panel';
import { type Trim, TrimPanel } from './trim-panel';

/**
 * Refusals that say more than "check the URL": the plan's file-size and storage limits (the ApiError's message
 * is already in the interface's language).
 */
/** Which trim field changed: typing in one field is one undo step. */
function trimKey(before: Trim, after: Trim): string {
  return after.start !== before.start ? 'trim-start' : 'trim-end';
}

/**
 * The video editor (spec sections 2, 4 and 5): not loaded → loading ('Processing...') → loaded (the trim,
 * timeline, text and export panels appear) or back to not loaded. The player's metadata decides: a file the
 * browser cannot read is a failed load even when the server stored it. The edit (kept sections, trim, text
 * overlays, captions) is a small list with undo and redo (docs/decisions/0038); playback skips what it leaves
 * out. The open video is in the address (`?media=<id>`) and its edit is kept in the browser (saved-edit.ts), so a
 * reload comes back to the same video and edit.
 */
// function-budget: VideoEditor lays out one screen part in one JSX tree; split into named parts when it next changes
export function VideoEditor() {
  const { t } = useTranslation('video-editor');
  const [source, setSource] = useState<MediaItem | null>(null);
  const [duration, setDuration] = useState<number | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const { edit, reset, record, undo, redo, canUndo, canRedo } = useEditHistory();
  const [playhead, setPlayhead] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const trim = edit.trim;
  const setTrim = (next: Trim) => {
    if (next.start !== trim.start || next.end !== trim.end)
      record({ ...edit, trim: next }, trimKey(trim, next));
  };
  const kept = duration === null ? [] : trimEditList(edit.segments, clampTrim(trim, duration));
  const player = useRef<HTMLVideoElement>(null);
  const importVideo = useImportVideo();
  const [params, setParams] = useSearchParams();
  const [restored, setRestored] = useState(false);
  const [crop, setCrop] = useState<CropAspect>('original');
  const [cropPosition, setCropPosition] = useState(0.5);
  const [natural, setNatural] = useState({ width: 0, height: 0 });
  const frameBox = useRef<HTMLDivElement>(null);
  /** The kept section playing (play order), so moved sections play one after another in their new order. */
  const playing = useRef<number | null>(null);

  function open(item: MediaItem) {
    setDuration(null);
    setCrop('original');
    setCropPosition(0.5);
    setSource(item);
    setIsLoading(true);
    setRestored(false);
    if (params.get('media') !== item.id) setParams({ media: item.id }, { replace: true });
  }

  // A reload (or a link) with `?media=<id>`: open that video again.
  const mediaParam = params.get('media');
  const reopened = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the address the page opened on.
  useEffect(() => {
    // Only the address the page opened on: opening a video later writes `?media=` itself.
    if (reopened.current) return;
    reopened.current = true;
    if (!mediaParam) return;
    setIsLoading(true);
    apiFetch<MediaItem>(`/api/media/${encodeURIComponent(mediaParam)}`)
      .then((item) =>
        item.mimeType.startsWith('video/') ? open(item) : Promise.reject(new Error('not a video')),
      )
      .catch(() => {
        setIsLoading(false);
        setParams({}, { replace: true });
        toast.error(translateMessage(VIDEO_EDITOR_MESSAGES.loadFailed));
      });
  }, [mediaParam]);

  // Every change of the edit is kept for this video.
  useEffect(() => {
    if (source && duration !== null) saveEdit(source.id, duration, edit);
  }, [source, duration, edit]);

  async function loadUrl(url: string) {
    if (!url.trim()) {
      toast.error(translateMessage(VIDEO_EDITOR_MESSAGES.urlRequired));
      return;
    }
    setIsLoading(true);
    setSource(null);
    setDuration(null);
    try {
      open(await importVideo.mutateAsync(url.trim()));
    } catch (error) {
      setIsLoading(false);
      showError(error, translateMessage(VIDEO_EDITOR_MESSAGES.loadFailed));
    }
  }

  return (
    <div className="grid gap-6">
      <LoadVideoPanel isLoading={isLoading} onLoadUrl={(url) => void loadUrl(url)} onOpen={open} />
      {isLoading ? (
        <p role="status" className="text-sm text-muted-foreground">
          {translateMessage(VIDEO_EDITOR_MESSAGES.processing)}
        </p>
      ) : null}
      {source ? (
        <div
          className={
            duration === null ? 'sr-only' : 'grid min-w-0 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]'
          }
        >
          <div className="grid min-w-0 grid-cols-1 content-start gap-4">
            <div ref={frameBox} className="relative">
              {/* biome-ignore lint/a11y/useMediaCaption: the user's own video, being edited; captions chosen in the editor are burned into the export, not played here (README). */}
              <video
                key={source.id}
                ref={player}
                aria-label={t('Preview of {{name}}', { name: source.name })}
                src={source.url}
                controls
                preload="metadata"
                className="aspect-video w-full rounded-xl bg-black"
                onLoadedMetadata={(event) => {
                  setNatural({
                    width: event.currentTarget.videoWidth,
                    height: event.currentTarget.videoHeight,
                  });
                  const seconds = Number.isFinite(event.currentTarget.duration)
                    ? event.currentTarget.duration
                    : (source.durationSeconds ?? 0);
                  const rounded = Math.round(seconds * 1000) / 1000;
                  setDuration(rounded);
                  const kept = loadSavedEdit(source.id, rounded);
                  reset(rounded, kept);
                  setRestored(kept !== null);
                  setSelected(null);
                  setPlayhead(0);
                  setIsLoading(false);
                  toast.success(translateMessage(VIDEO_EDITOR_MESSAGES.loaded));
                }}
                onError={() => {
                  setSource(null);
                  setIsLoading(false);
                  toast.error(translateMessage(VIDEO_EDITOR_MESSAGES.loadFailed));
                }}
                onTimeUpdate={(event) => {
                  const video = event.currentTarget;
                  setPlayhead(video.currentTime);
                  const next = playbackPositionAfter(kept, video.currentTime, playing.current);
                  if (!next) return;
                  playing.current = next.index;
                  if (next.seekTo !== null && !video.paused) {
                    if (next.pause) video.pause();
                    video.currentTime = next.seekTo;
                  }
                }}
              >
                {translateMessage(VIDEO_EDITOR_MESSAGES.unsupportedBrowser)}
              </video>
              {crop !== 'original' && duration !== null ? (
                <CropFrame
                  player={frameBox}
                  video={natural}
                  crop={crop}
                  position={cropPosition}
                  onChange={setCropPosition}
                />
              ) : null}
              {duration !== null ? (
                <OverlayPreview
                  player={frameBox}
                  video={natural}
                  crop={crop}
                  position={cropPosition}
                  overlays={edit.overlays}
                  time={sourceToOutputTime(kept, playhead)}
                />
              ) : null}
            </div>
            {duration !== null && restored ? (
              <p role="status" className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                {t('Your last edit of this video was restored.')}
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    record(initialEdit(duration));
                    setRestored(false);
                    setSelected(null);
                  }}
                >
                  {t('Start over')}
                </Button>
              </p>
            ) : null}
            {duration !== null ? (
              <EditTimeline
                mediaId={source.id}
                edit={edit}
                duration={duration}
                playhead={playhead}
                selected={selected}
                canUndo={canUndo}
                canRedo={canRedo}
                onRecord={(next) => record(next)}
                onSelect={(index, seekTo) => {
                  setSelected(index);
                  const video = player.current;
                  if (video && seekTo !== undefined) {
                    playing.current = null;
                    video.currentTime = seekTo;
                    setPlayhead(seekTo);
                  }
                }}
                onUndo={() => {
                  undo();
                  setSelected(null);
                }}
                onRedo={() => {
                  redo();
                  setSelected(null);
                }}
                onTrim={setTrim}
              />
            ) : null}
          </div>
          {duration !== null ? (
            <div className="grid min-w-0 grid-cols-1 content-start gap-4">
              <TrimPanel
                trim={trim}
                duration={duration}
                onChange={setTrim}
                onPreview={() => {
                  const video = player.current;
                  if (!video) return;
                  const bounded = clampTrim(trim, duration);
                  setTrim(bounded);
                  playing.current = 0;
                  video.currentTime = kept[0]?.start ?? bounded.start;
                  void video.play().catch(() => undefined);
                }}
              />
              <TextAndCaptionsPanel
                key={`${source.id}-text`}
                edit={edit}
                outputDuration={totalDuration(kept)}
                onRecord={(next) => record(next)}
              />
              <ExportPanel
                key={source.id}
                mediaId={source.id}
                sourceName={source.name}
                segments={kept}
                overlays={edit.overlays}
                captions={edit.captions}
                crop={crop}
                cropPosition={cropPosition}
                sourceSize={natural}
                onCropChange={(next) => {
                  setCrop(next);
                  setCropPosition(0.5);
                }}
              />
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
