import type { PlatformId } from '@relaycast/shared/platforms';
import {
  CROP_ASPECTS,
  type CropAspect,
  EXPORT_FORMATS,
  type ExportFormat,
  exportAspect,
  isFinished,
  TRIM_MODES,
  type TrimMode,
  VIDEO_EDITOR_MESSAGES,
} from '@relaycast/shared/video-editor';
import { type Segment, sourceSpan, totalDuration } from '@relaycast/shared/video-editor-edit-list';
import type { TextOverlay } from '@relaycast/shared/video-editor-overlays';
import { Download, Film, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCancelExport, useExportJob, useStartExport } from '@/api/video-editor';
import { useWatermarks } from '@/api/watermarks';
import { SendToComposerButton } from '@/components/send-to-composer-button';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import type { ChosenCaptions } from '../hooks/use-edit-history';
import { PlatformCheck } from './platform-check';

const NO_WATERMARK = 'none';

/** English labels, translated where they are shown. */
const MODE_LABELS: Record<TrimMode, string> = {
  accurate: 'Accurate (re-encode, exact to the frame)',
  fast: 'Fast (copy, cuts on keyframes)',
};

const CROP_LABELS: Record<CropAspect, string> = {
  original: 'Original',
  '16:9': '16:9 landscape',
  '9:16': '9:16 vertical',
  '1:1': '1:1 square',
  '4:5': '4:5 portrait',
};

/**
 * Format, cut mode and crop, then Export Video: a server job whose progress bar reads its `-progress`, with
 * Cancel; the result lands in the media library with a download link. The job gets the kept sections of the
 * edit (docs/decisions/0038) and joins them; fast mode cuts one section only. A saved watermark can be laid over
 * the clip in the same encode (accurate mode).
 */
// function-budget: ExportPanel lays out one screen part in one JSX tree; split into named parts when it next changes
export function ExportPanel({
  mediaId,
  sourceName,
  segments,
  overlays,
  captions,
  crop,
  cropPosition,
  onCropChange,
  sourceSize,
}: {
  mediaId: string;
  sourceName: string;
  /** The kept sections within the trim, in order (empty when the edit leaves nothing). */
  segments: readonly Segment[];
  overlays: readonly TextOverlay[];
  captions: ChosenCaptions | null;
  /** The crop, chosen here and framed on the preview (crop-frame.tsx). */
  crop: CropAspect;
  cropPosition: number;
  onCropChange(crop: CropAspect): void;
  /** The source's picture size (0×0 until the player has read it), for the platforms' aspect advice. */
  sourceSize: { width: number; height: number };
}) {
  const { t } = useTranslation('video-editor');
  const id = useId();
  const [format, setFormat] = useState<ExportFormat>('mp4');
  const [mode, setMode] = useState<TrimMode>('accurate');
  const [jobId, setJobId] = useState<string | null>(null);
  const [platforms, setPlatforms] = useState<PlatformId[]>([]);
  // A saved watermark laid over the clip in the same encode (docs/watermarks.md): accurate mode only.
  const watermarks = useWatermarks().data?.watermarks ?? [];
  const [watermarkId, setWatermarkId] = useState<string>(NO_WATERMARK);
  const start = useStartExport();
  const cancel = useCancelExport();
  const job = useExportJob(jobId).data;
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (!job || !isFinished(job.status) || announced.current === job.id) return;
    announced.current = job.id;
    if (job.status === 'succeeded') toast.success(translateMessage(VIDEO_EDITOR_MESSAGES.trimmed));
    else if (job.status === 'failed') toast.error(translateMessage(VIDEO_EDITOR_MESSAGES.trimFailed));
  }, [job]);

  const isRunning = job !== undefined && !isFinished(job.status);
  // The part of the source the sections use (they may play in another order: moved on the timeline).
  const span = sourceSpan(segments);
  const refusal = !span
    ? VIDEO_EDITOR_MESSAGES.noSegments
    : mode === 'fast' && segments.length > 1
      ? VIDEO_EDITOR_MESSAGES.fastOneSegment
      : mode === 'fast' && (overlays.length > 0 || captions)
        ? VIDEO_EDITOR_MESSAGES.fastCannotOverlay
        : null;

  async function exportVideo() {
    if (!span || refusal) return;
    try {
      const started = await start.mutateAsync({
        mediaId,
        start: span.start,
        end: span.end,
        segments: [...segments],
        ...(overlays.length > 0 ? { overlays: [...overlays] } : {}),
        ...(captions ? { captions: { name: captions.name, text: captions.text } } : {}),
        format,
        mode,
        crop: mode === 'fast' ? 'original' : crop,
        ...(mode === 'accurate' && crop !== 'original' ? { cropPosition } : {}),
        ...(mode === 'accurate' && watermarkId !== NO_WATERMARK ? { watermarkId } : {}),
      });
      setJobId(started.id);
    } catch (error) {
      showError(error, undefined, { title: translateMessage(VIDEO_EDITOR_MESSAGES.trimFailed) });
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <h2 id={`${id}-title`} className="font-semibold">
        {t('Export')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label={t('Format')}
          value={format}
          options={EXPORT_FORMATS}
          format={(option) => option.toUpperCase()}
          onChange={setFormat}
        />
        <SelectField
          label={t('Cut')}
          value={mode}
          options={TRIM_MODES}
          format={(option) => t(MODE_LABELS[option])}
          onChange={(next) => {
            setMode(next);
            // Fast mode cannot crop: the preview's frame goes too.
            if (next === 'fast') onCropChange('original');
          }}
        />
        {mode === 'accurate' ? (
          <SelectField
            label={t('Crop')}
            value={crop}
            options={CROP_ASPECTS}
            format={(option) => t(CROP_LABELS[option])}
            onChange={onCropChange}
          />
        ) : (
          <p className="self-end text-xs text-muted-foreground">
            {t(
              'Fast mode keeps the original encoding: it takes seconds, starts on the keyframe at or before the start and cannot crop.',
            )}
          </p>
        )}
        {mode === 'accurate' && watermarks.length > 0 ? (
          <SelectField
            label={t('Watermark')}
            value={watermarkId}
            options={[NO_WATERMARK, ...watermarks.map((mark) => mark.id)]}
            format={(option) =>
              option === NO_WATERMARK
                ? t('No watermark')
                : (watermarks.find((mark) => mark.id === option)?.name ?? option)
            }
            onChange={setWatermarkId}
          />
        ) : null}
      </div>
      <PlatformCheck
        selected={platforms}
        onChange={setPlatforms}
        planned={{
          name: `${sourceName.replace(/\.[^.]+$/, '')}.${format}`,
          format,
          durationSeconds: totalDuration(segments),
          aspect: exportAspect(mode === 'fast' ? 'original' : crop, sourceSize),
        }}
      />
      {isRunning ? (
        <div className="grid gap-2">
          <div className="flex items-center justify-between text-sm">
            <span>
              {job.status === 'queued'
                ? t('Waiting for the encoder…')
                : t('Exporting… {{percent}}%', { percent: Math.round(job.progress * 100) })}
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(job.id)}
            >
              <X aria-hidden="true" />
              {t('Cancel')}
            </Button>
          </div>
          <progress
            aria-label={t('Export progress')}
            className="h-2 w-full accent-primary"
            value={job.progress}
            max={1}
          />
        </div>
      ) : (
        <>
          {refusal ? <p className="text-sm text-muted-foreground">{translateMessage(refusal)}</p> : null}
          <Button
            type="button"
            disabled={start.isPending || refusal !== null}
            onClick={() => void exportVideo()}
          >
            <Film aria-hidden="true" />
            {t('Export Video')}
          </Button>
        </>
      )}
      {job?.status === 'failed' && job.error ? (
        <p role="alert" className="text-sm text-destructive">
          {translateMessage(job.error)}
        </p>
      ) : null}
      {job?.status === 'cancelled' ? (
        <p className="text-sm text-muted-foreground">{translateMessage(VIDEO_EDITOR_MESSAGES.cancelled)}</p>
      ) : null}
      {job?.status === 'succeeded' && job.result ? (
        <p className="flex flex-wrap items-center gap-3 text-sm">
          <a
            href={job.result.url}
            download={job.result.name}
            className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
          >
            <Download aria-hidden="true" className="size-4" />
            {t('Download {{name}}', { name: job.result.name })}
          </a>
          <Link to="/media-library" className="text-muted-foreground underline-offset-4 hover:underline">
            {t('Saved to your media library')}
          </Link>
          <SendToComposerButton mediaId={job.result.id} crop={job.crop} />
        </p>
      ) : null}
    </section>
  );
}
