import type { StreamSession } from '@relaycast/shared/streaming';
import { Film } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/lib/format';

/** While a pre-recorded stream is live: which file, how far, and the passes when it loops. */
export function MediaProgress({ media }: { media: NonNullable<StreamSession['media']> }) {
  const { t } = useTranslation('streaming');
  const percent = media.durationSeconds
    ? Math.min(100, Math.round((media.positionSeconds / media.durationSeconds) * 100))
    : null;
  return (
    <section aria-label={t('Streaming a video')} className="grid gap-1 rounded-md border bg-card p-3 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <Film aria-hidden="true" className="size-4 text-primary" />
        {t('Streaming “{{name}}”', { name: media.name })}
      </p>
      <p className="text-muted-foreground">
        {formatDuration(media.positionSeconds)}
        {media.durationSeconds ? ` / ${formatDuration(media.durationSeconds)}` : ''}
        {media.loop ? ` · ${t('Looping, {{count}} passes done', { count: media.loopsCompleted })}` : ''}
      </p>
      {percent === null ? null : (
        <progress
          className="h-1.5 w-full"
          max={100}
          value={percent}
          aria-label={t('Progress in the video')}
        />
      )}
    </section>
  );
}
