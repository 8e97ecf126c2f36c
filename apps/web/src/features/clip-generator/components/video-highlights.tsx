import type { MediaItem } from '@relaycast/shared/media';
import { formatSeconds } from '@relaycast/shared/video-editor';
import { AudioLines, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnalyseVideo, useClipAnalysis } from '@/api/clips';
import { useMediaList } from '@/api/media';
import { SuggestedClipList } from '@/components/clips/suggested-clip-list';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { showError } from '@/lib/show-error';
import { SceneSnapshots } from './scene-snapshots';

/**
 * "From your videos" (docs/decisions/0048-clip-highlights.md): pick a video of the media library (uploads,
 * exports and stream recordings), let the server find its highlights (loudness, scene changes, silence), and
 * preview or export each suggested clip. The last analysis of a video is kept and shown on choosing it again.
 */
export function VideoHighlights() {
  const { t } = useTranslation('clip-generator');
  const videos = useMediaList({ kind: 'video' });
  const items: MediaItem[] = videos.data?.items ?? [];
  const [chosen, setChosen] = useState('');
  const media = items.find((item) => item.id === chosen) ?? null;
  const analysis = useClipAnalysis(media ? media.id : null);
  const analyse = useAnalyseVideo();
  const result = analysis.data ?? null;

  const [transcribing, setTranscribing] = useState(false);
  const transcript = result?.transcript;

  /** Finds the highlights; `transcribe` also makes the transcript (slower: docs/decisions/0050). */
  async function findHighlights(transcribe = false) {
    if (!media) return;
    setTranscribing(transcribe);
    try {
      await analyse.mutateAsync(transcribe ? { mediaId: media.id, transcribe } : { mediaId: media.id });
    } catch (error) {
      showError(error, undefined, {
        title: transcribe ? t('The speech could not be transcribed.') : t('No highlights could be found.'),
      });
    }
  }

  return (
    <section
      aria-labelledby="video-highlights-title"
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm"
    >
      <div>
        <h2 id="video-highlights-title" className="text-lg font-semibold">
          {t('From your videos')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t(
            'Pick a video from your media library (up to 10 minutes) and get the moments worth clipping: loud parts and scene changes count for a clip, silence against it.',
          )}
        </p>
      </div>
      {videos.isPending ? <Spinner /> : null}
      {videos.isSuccess && items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('Your media library has no videos yet.')}</p>
      ) : null}
      {items.length > 0 ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <SelectField
            className="flex-1"
            label={t('Video')}
            value={chosen}
            options={['', ...items.map((item) => item.id)]}
            format={(id) => {
              const item = items.find((candidate) => candidate.id === id);
              if (!item) return t('Choose a video');
              return item.durationSeconds
                ? `${item.name} (${formatSeconds(item.durationSeconds)})`
                : item.name;
            }}
            onChange={setChosen}
          />
          <Button type="button" disabled={!media || analyse.isPending} onClick={() => void findHighlights()}>
            <Sparkles aria-hidden="true" />
            {t('Find highlights')}
          </Button>
        </div>
      ) : null}
      {analyse.isPending ? (
        <Spinner
          label={
            transcribing
              ? t('Transcribing the speech… this takes about a quarter of the video’s length.')
              : t('Finding highlights…')
          }
        />
      ) : null}
      {media && result && !analyse.isPending ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span>
            {!transcript
              ? t('Transcribe the speech to score the clips by what is said and to add captions to them.')
              : transcript.utterances.length > 0
                ? t('The speech is transcribed: it counts for the clips, and they can have captions.')
                : t('No speech was recognised in this video.')}
          </span>
          <Button type="button" variant="outline" size="sm" onClick={() => void findHighlights(true)}>
            <AudioLines aria-hidden="true" />
            {transcript ? t('Transcribe again') : t('Transcribe speech')}
          </Button>
        </div>
      ) : null}
      {media && result && !analyse.isPending ? <SuggestedClipList analysis={result} media={media} /> : null}
      {media && result && !analyse.isPending ? <SceneSnapshots media={media} analysis={result} /> : null}
    </section>
  );
}
