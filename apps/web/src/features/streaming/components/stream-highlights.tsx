import type { StreamSummary } from '@relaycast/shared/streaming';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMediaItem } from '@/api/media';
import { useFindStreamHighlights, useStreamHighlights } from '@/api/stream-sessions';
import { SuggestedClipList } from '@/components/clips/suggested-clip-list';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { showError } from '@/lib/show-error';

/**
 * "Suggested clips" of an ended stream (docs/decisions/0049-stream-clips.md): its recording is analysed in the
 * background once kept; while that runs the page says so (and polls), then shows the clip cards of the clip
 * generator (preview, export 9:16 or 16:9, send to composer). No recording, a failure, or a recording never
 * analysed are said plainly, the last two with a button to find the clips now.
 */
export function StreamHighlights({ summary }: { summary: StreamSummary }) {
  const { t } = useTranslation('streaming');
  const highlights = useStreamHighlights(summary.id, summary.endedAt);
  const data = highlights.data;
  const media = useMediaItem(data?.status === 'done' ? data.recordingMediaId : null);
  const find = useFindStreamHighlights(summary.id);

  async function findNow() {
    if (!data?.recordingMediaId) return;
    try {
      await find.mutateAsync({ mediaId: data.recordingMediaId, seconds: data.recordingSeconds });
    } catch (error) {
      showError(error, undefined, { title: t('No clips could be found in this recording.') });
    }
  }

  function findButton(label: string) {
    return (
      <Button type="button" size="sm" disabled={find.isPending} onClick={() => void findNow()}>
        <Sparkles aria-hidden="true" />
        {label}
      </Button>
    );
  }

  let body: React.ReactNode;
  if (highlights.isError) {
    body = (
      <p className="text-sm text-destructive">
        {t('The suggested clips could not be loaded: {{message}}', { message: highlights.error.message })}
      </p>
    );
  } else if (!data) body = <Spinner label={t('Loading the suggested clips')} />;
  else if (find.isPending) body = <Spinner label={t('Finding clips in the recording…')} />;
  else if (data.status === 'no-recording') {
    body = (
      <p className="text-sm text-muted-foreground">
        {t('This stream has no recording in your media library, so no clips can be suggested.')}
      </p>
    );
  } else if (data.status === 'queued' || data.status === 'analysing') {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner label={t('Analysing')} />
        {t('The recording is being analysed for clips. This page updates by itself.')}
      </p>
    );
  } else if (data.status === 'failed') {
    body = (
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-destructive">{t('Could not find highlights in this recording.')}</p>
        {findButton(t('Try again'))}
      </div>
    );
  } else if (data.status === 'not-analysed') {
    body = (
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-muted-foreground">{t('This recording has not been analysed yet.')}</p>
        {findButton(t('Find clips now'))}
      </div>
    );
  } else if (media.data && data.analysis) {
    body = <SuggestedClipList analysis={data.analysis} media={media.data} />;
  } else if (media.isError) {
    body = <p className="text-sm text-destructive">{media.error.message}</p>;
  } else body = <Spinner label={t('Loading the suggested clips')} />;

  return (
    <section aria-labelledby="stream-highlights-heading" className="grid gap-3">
      <div>
        <h3 id="stream-highlights-heading" className="font-semibold">
          {t('Suggested clips')}
        </h3>
        <p className="text-sm text-muted-foreground">
          {t(
            "The moments of this stream's recording worth clipping: export one vertical for TikTok, Reels and Shorts and send it to the composer.",
          )}
        </p>
      </div>
      {body}
    </section>
  );
}
