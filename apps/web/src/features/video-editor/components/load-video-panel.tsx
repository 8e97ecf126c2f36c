import type { MediaItem } from '@relaycast/shared/media';
import { VIDEO_EDITOR_MESSAGES } from '@relaycast/shared/video-editor';
import { FolderOpen, Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaList } from '@/api/media';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { translateMessage } from '@/i18n';

/** What the URL field shows before anything is typed: an address, the same in every language. */
const URL_EXAMPLE = 'https://example.com/video.mp4';

/**
 * Where the editor's video comes from: a URL (the server fetches it into the media library) or a video already
 * in the library.
 */
export function LoadVideoPanel({
  isLoading,
  onLoadUrl,
  onOpen,
}: {
  isLoading: boolean;
  onLoadUrl(url: string): void;
  onOpen(item: MediaItem): void;
}) {
  const { t } = useTranslation('video-editor');
  const id = useId();
  const [url, setUrl] = useState('');
  const library = useMediaList({ kind: 'video' });
  const videos = library.data?.items ?? [];
  const [pickedId, setPickedId] = useState('');
  const picked = videos.find((video) => video.id === pickedId) ?? videos[0];

  return (
    <div className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
      <form
        noValidate
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          onLoadUrl(url);
        }}
      >
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor={`${id}-url`}>{t('Video URL')}</Label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder={URL_EXAMPLE}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={isLoading}>
          <Link2 aria-hidden="true" />
          {isLoading ? translateMessage(VIDEO_EDITOR_MESSAGES.processing) : t('Load Video')}
        </Button>
      </form>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <SelectField
          className="flex-1"
          label={t('Or a video from your media library')}
          value={picked?.id ?? ''}
          options={videos.length === 0 ? [''] : videos.map((video) => video.id)}
          format={(videoId) =>
            videos.find((video) => video.id === videoId)?.name ?? t('No videos in your library yet')
          }
          disabled={videos.length === 0}
          onChange={setPickedId}
        />
        <Button
          type="button"
          variant="outline"
          disabled={isLoading || !picked}
          onClick={() => picked && onOpen(picked)}
        >
          <FolderOpen aria-hidden="true" />
          {t('Open from library')}
        </Button>
      </div>
    </div>
  );
}
