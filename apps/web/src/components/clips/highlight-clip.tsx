import { clipCaptionCues, type Transcript } from '@relaycast/shared/clip-transcript';
import { type ClipSignals, cropPositionFor, type SuggestedClip } from '@relaycast/shared/clips';
import type { MediaItem } from '@relaycast/shared/media';
import { type CropAspect, formatSeconds, isFinished } from '@relaycast/shared/video-editor';
import { toSrt } from '@relaycast/shared/video-editor-overlays';
import { Download, Play } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportJob, useStartExport } from '@/api/video-editor';
import { SendToComposerButton } from '@/components/send-to-composer-button';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { showError } from '@/lib/show-error';

/** The crops offered for a clip: vertical for Shorts, Reels and TikTok, and landscape. */
const EXPORT_CROPS = ['9:16', '16:9'] as const satisfies readonly CropAspect[];

const SIGNALS = ['loudness', 'scenes', 'speech', 'silence'] as const satisfies readonly (keyof ClipSignals)[];

function SignalBar({ label, value }: { label: string; value: number }) {
  const percent = Math.round(value * 100);
  return (
    <div className="grid grid-cols-[7rem_1fr_3rem] items-center gap-2 text-xs">
      <span className="text-muted-foreground">{label}</span>
      <meter aria-label={label} min={0} max={100} value={percent} className="h-2 w-full" />
      <span className="text-right tabular-nums">{percent}%</span>
    </div>
  );
}

/**
 * One suggested clip: its times, its score and why (each signal as a labelled bar), a preview of the library
 * file between its times, and the export to 9:16 or 16:9, which is the video editor's export job (the crop
 * centred on where the clip's movement is, the server's `activityCentre`). The finished file lands in the media
 * library; its link is shown here, with "send to composer" (a draft for the platforms of its crop). With a
 * transcript (docs/decisions/0050-clip-transcript.md) the clip shows its speech signal and, when words are spoken
 * in it, a "Captions" box: the export then burns in the utterances within the clip (times from the clip's start)
 * through the editor's captions, sent as an SRT file. Shared by the clip generator and a stream's suggested clips
 * on /stream-analytics.
 */
// function-budget: HighlightClip lays out one screen part in one JSX tree; split into named parts when it next changes
export function HighlightClip({
  clip,
  media,
  index,
  transcript,
}: {
  clip: SuggestedClip;
  media: MediaItem;
  index: number;
  transcript?: Transcript;
}) {
  const { t } = useTranslation('clip-generator');
  const [previewing, setPreviewing] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [withCaptions, setWithCaptions] = useState(false);
  const cues = useMemo(
    () => (transcript ? clipCaptionCues(transcript.utterances, clip.start, clip.end) : []),
    [transcript, clip.start, clip.end],
  );
  const start = useStartExport();
  const job = useExportJob(jobId).data;
  const running = start.isPending || (jobId !== null && (!job || !isFinished(job.status)));
  const labels: Record<(typeof SIGNALS)[number], string> = {
    loudness: t('Loudness'),
    scenes: t('Scene changes'),
    silence: t('Silence'),
    speech: t('Speech'),
  };
  const times = { start: formatSeconds(clip.start), end: formatSeconds(clip.end) };

  async function exportAs(crop: (typeof EXPORT_CROPS)[number]) {
    try {
      const started = await start.mutateAsync({
        mediaId: media.id,
        start: clip.start,
        end: clip.end,
        format: 'mp4',
        mode: 'accurate',
        crop,
        cropPosition:
          media.width && media.height
            ? cropPositionFor(
                clip.activityCentre,
                media.width,
                media.height,
                crop === '9:16' ? [9, 16] : [16, 9],
              )
            : 0.5,
        ...(withCaptions && cues.length > 0
          ? { captions: { name: `clip-${index + 1}.srt`, text: toSrt(cues) } }
          : {}),
      });
      setJobId(started.id);
    } catch (error) {
      showError(error, undefined, { title: t('The clip could not be exported.') });
    }
  }

  return (
    <li className="grid gap-3 rounded-lg border bg-card p-3 shadow-sm" data-clip-index={index}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium">
          {t('Clip {{number}}: {{start}} to {{end}}', { number: index + 1, ...times })}
        </h3>
        <span className="text-sm text-muted-foreground">
          {t('Score {{score}}%', { score: Math.round(clip.score * 100) })}
        </span>
      </div>
      <div className="grid gap-1">
        <p className="text-xs font-medium">{t('Why this clip')}</p>
        {SIGNALS.map((signal) => {
          const value = clip.signals[signal];
          return value === undefined ? null : <SignalBar key={signal} label={labels[signal]} value={value} />;
        })}
      </div>
      {previewing ? (
        // biome-ignore lint/a11y/useMediaCaption: the user's own video, which has no caption track.
        <video
          className="aspect-video w-full rounded-md bg-black"
          src={`${media.url}#t=${clip.start},${clip.end}`}
          controls
          preload="metadata"
          aria-label={t('Preview of clip {{number}}', { number: index + 1 })}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setPreviewing((shown) => !shown)}>
          <Play aria-hidden="true" />
          {previewing ? t('Hide preview') : t('Preview')}
        </Button>
        {cues.length > 0 ? (
          <label className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              checked={withCaptions}
              disabled={running}
              onChange={(event) => setWithCaptions(event.target.checked)}
            />
            {t('Captions')}
          </label>
        ) : null}
        {EXPORT_CROPS.map((crop) => (
          <Button
            key={crop}
            type="button"
            variant="outline"
            size="sm"
            disabled={running}
            onClick={() => void exportAs(crop)}
          >
            <Download aria-hidden="true" />
            {t('Export {{aspect}}', { aspect: crop })}
          </Button>
        ))}
        {running ? (
          <Spinner
            label={t('Exporting… {{percent}}%', { percent: Math.round((job?.progress ?? 0) * 100) })}
          />
        ) : null}
      </div>
      {job?.status === 'succeeded' && job.result ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {t('Exported to your media library:')}
          <a
            className="font-medium text-primary underline"
            href={job.result.url}
            target="_blank"
            rel="noreferrer"
          >
            {job.result.name}
          </a>
          <SendToComposerButton mediaId={job.result.id} crop={job.crop} />
        </div>
      ) : null}
      {job?.status === 'failed' ? (
        <p className="text-sm text-destructive">{job.error ?? t('The clip could not be exported.')}</p>
      ) : null}
    </li>
  );
}
