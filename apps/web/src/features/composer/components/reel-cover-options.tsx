import type { ReelCover } from '@relaycast/shared/reel-covers';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaList } from '@/api/media';
import { usePostReelCover } from '@/api/reel-covers';
import type { PostFormValues } from '@/lib/post-form';

type CoverKind = 'first' | ReelCover['kind'];

/**
 * An Instagram Reel's cover (docs/reel-covers.md): Instagram's first frame, a moment of the video, or an image
 * of the library. Shown when the post goes to Instagram with one video (a Reel); sent with the post.
 */
export function ReelCoverOptions({
  postId,
  values,
  onChange,
}: {
  postId: string | undefined;
  values: PostFormValues;
  onChange(cover: ReelCover | null): void;
}) {
  const { t } = useTranslation('composer');
  const id = useId();
  const [video] = values.media;
  const isReel =
    values.platforms.includes('instagram') &&
    values.media.length === 1 &&
    !!video?.mimeType.startsWith('video/');
  // Asked only of a Reel: other posts have no cover to show.
  const stored = usePostReelCover(isReel ? postId : undefined).data?.reelCover ?? null;
  const images = useMediaList({ kind: 'image' }, { enabled: isReel });
  if (!isReel || !video) return null;
  const cover = values.reelCover !== undefined ? values.reelCover : stored;
  const kind: CoverKind = cover?.kind ?? 'first';
  const seconds = cover?.kind === 'frame' ? cover.offsetMs / 1000 : 0;
  const library = images.data?.items ?? [];
  const choose = (next: CoverKind) => {
    if (next === 'first') onChange(null);
    else if (next === 'frame') onChange({ kind: 'frame', offsetMs: 0 });
    else if (library[0]) onChange({ kind: 'image', mediaId: library[0].id });
  };
  const chosenImage = cover?.kind === 'image' ? library.find((item) => item.id === cover.mediaId) : undefined;
  return (
    <fieldset className="grid gap-2 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">{t('Instagram Reel cover')}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        {(['first', 'frame', 'image'] as const).map((option) => (
          <label key={option} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-reel-cover`}
              checked={kind === option}
              disabled={option === 'image' && library.length === 0}
              onChange={() => choose(option)}
            />
            {option === 'first'
              ? t('First frame')
              : option === 'frame'
                ? t('A moment of the video')
                : t('An image from the library')}
          </label>
        ))}
      </div>
      {kind === 'frame' ? (
        <div className="flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-sm">
            {t('Seconds from the start')}
            <input
              type="number"
              min={0}
              step={0.1}
              max={video.durationSeconds ?? undefined}
              className="h-9 w-28 rounded-md border bg-background px-2"
              value={seconds}
              onChange={(event) =>
                onChange({
                  kind: 'frame',
                  offsetMs: Math.max(0, Math.round(event.target.valueAsNumber * 1000) || 0),
                })
              }
            />
          </label>
          <video
            key={`${video.id}-${seconds}`}
            aria-label={t('The cover frame')}
            className="h-28 rounded border bg-black"
            src={`${video.url}#t=${seconds}`}
            muted
            preload="metadata"
          />
        </div>
      ) : null}
      {kind === 'image' ? (
        <div className="flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-sm">
            {t('Cover image')}
            <select
              className="h-9 max-w-64 rounded-md border bg-background px-2"
              value={cover?.kind === 'image' ? cover.mediaId : ''}
              onChange={(event) => onChange({ kind: 'image', mediaId: event.target.value })}
            >
              {library.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </label>
          {chosenImage ? (
            <img
              src={chosenImage.thumbnailUrl ?? chosenImage.url}
              alt={t('The cover image')}
              className="h-28 rounded border object-cover"
            />
          ) : null}
        </div>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {t(
          'Instagram shows the cover in the Reels tab; the profile grid shows its middle 3:4. A 9:16 image fits best.',
        )}
      </p>
    </fieldset>
  );
}
