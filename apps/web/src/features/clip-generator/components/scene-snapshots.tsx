import { type ClipAnalysis, coverChoices, sceneFrameTime } from '@relaycast/shared/clips';
import type { MediaItem } from '@relaycast/shared/media';
import { formatSeconds } from '@relaycast/shared/video-editor';
import { ImagePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSaveSceneCover } from '@/api/clips';
import { Button } from '@/components/ui/button';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';

/**
 * "Cover images" (docs/decisions/0051-video-bench-and-scene-covers.md): the frames at the video's strongest scene
 * changes, each previewed by the browser from the video itself (a muted `<video>` seeked to the frame: no picture
 * is made on the server until one is saved), with "Save to library", which stores that frame as a JPEG image at
 * the video's size.
 */
export function SceneSnapshots({ media, analysis }: { media: MediaItem; analysis: ClipAnalysis }) {
  const { t } = useTranslation('clip-generator');
  const save = useSaveSceneCover();
  const choices = coverChoices(analysis.sceneChanges);
  if (choices.length === 0) return null;

  async function saveCover(time: number) {
    try {
      const image = await save.mutateAsync({ mediaId: media.id, time });
      toast.success(t('Cover image saved to your media library.'), { description: image.name });
    } catch (error) {
      showError(error, undefined, { title: t('The cover image could not be saved.') });
    }
  }

  return (
    <section aria-labelledby="scene-snapshots-title" className="grid gap-2">
      <div>
        <h3 id="scene-snapshots-title" className="text-base font-semibold">
          {t('Cover images')}
        </h3>
        <p className="text-sm text-muted-foreground">
          {t('The frames right after the strongest scene changes, for a thumbnail or a cover.')}
        </p>
      </div>
      <ul aria-label={t('Cover images')} className="flex gap-3 overflow-x-auto pb-2">
        {choices.map((change) => {
          const frame = sceneFrameTime(change.time, analysis.durationSeconds);
          const label = formatSeconds(change.time);
          const saving = save.isPending && save.variables?.time === change.time;
          return (
            <li key={change.time} className="grid w-40 shrink-0 gap-1">
              <video
                className="aspect-video w-full rounded-md bg-black object-cover"
                src={`${media.url}#t=${frame}`}
                preload="metadata"
                muted
                playsInline
                aria-label={t('Frame at {{time}}', { time: label })}
              />
              <span className="text-xs text-muted-foreground">{label}</span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={saving}
                aria-label={t('Save the frame at {{time}} to the library', { time: label })}
                onClick={() => void saveCover(change.time)}
              >
                <ImagePlus aria-hidden="true" />
                {t('Save to library')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
