import type { MediaStreamSource } from '@relaycast/shared/streaming';
import { Film, Repeat } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaList } from '@/api/media';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { formatDuration } from '@/lib/format';

export type LibraryVideoChoice = { kind: 'media'; mediaId: string; loop: boolean } | null;

/**
 * "Stream a video from the library": off (the camera/studio), or a library video played at real time, once or
 * looping (docs/prerecorded-streams.md). Used by the studio and /schedule-stream.
 */
export function LibraryVideoSource({
  value,
  onChange,
  disabled,
}: {
  value: LibraryVideoChoice;
  onChange(value: LibraryVideoChoice): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={value !== null}
          onChange={(event) =>
            onChange(event.target.checked ? { kind: 'media', mediaId: '', loop: false } : null)
          }
        />
        <Film aria-hidden="true" className="size-4 text-primary" />
        {t('Stream a video from the library')}
      </label>
      {value === null ? null : <VideoChoice value={value} onChange={onChange} />}
    </fieldset>
  );
}

/** The library's videos (read afresh when the choice opens: one may have been uploaded since) and the loop. */
function VideoChoice({
  value,
  onChange,
}: {
  value: NonNullable<LibraryVideoChoice>;
  onChange(value: LibraryVideoChoice): void;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const videos = useMediaList({ kind: 'video' });
  const items = videos.data?.items ?? [];
  const first = items[0];
  const { refetch } = videos;
  useEffect(() => {
    void refetch();
  }, [refetch]);
  // Nothing chosen yet: the select shows the first video, so choose it. A chosen video that is gone is not
  // replaced behind the user's back (a planned stream being edited): they are told and choose another.
  const isKnown = items.some((item) => item.id === value.mediaId);
  useEffect(() => {
    if (first && value.mediaId === '') onChange({ ...value, mediaId: first.id });
  }, [first, value, onChange]);
  if (videos.isPending) return <Spinner label={t('Loading your videos')} />;
  if (items.length === 0)
    return <p className="text-sm text-muted-foreground">{t('Your media library has no videos yet.')}</p>;
  return (
    <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
      {isKnown || value.mediaId === '' || videos.isFetching ? null : (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {t('The chosen video is no longer in the library. Choose another one.')}
        </p>
      )}
      <SelectField
        label={t('Video')}
        value={isKnown ? value.mediaId : (first?.id ?? '')}
        options={items.map((item) => item.id)}
        format={(mediaId) => {
          const item = items.find((candidate) => candidate.id === mediaId);
          if (!item) return mediaId;
          return item.durationSeconds ? `${item.name} (${formatDuration(item.durationSeconds)})` : item.name;
        }}
        onChange={(mediaId) => onChange({ ...value, mediaId })}
      />
      <label htmlFor={`${id}-loop`} className="flex items-center gap-2 pb-2 text-sm">
        <input
          id={`${id}-loop`}
          type="checkbox"
          role="switch"
          aria-checked={value.loop}
          checked={value.loop}
          onChange={(event) => onChange({ ...value, loop: event.target.checked })}
        />
        <Repeat aria-hidden="true" className="size-4" />
        {t('Loop the video')}
      </label>
    </div>
  );
}

/** What the input sends: the choice with a video chosen, else nothing. */
export function sourceOf(choice: LibraryVideoChoice): MediaStreamSource | undefined {
  return choice?.mediaId ? choice : undefined;
}
