import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { contentFor } from '@relaycast/shared/posts';
import { Eye } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '@/components/platform-icon';
import { cn } from '@/lib/cn';
import type { PostFormValues } from '@/lib/post-form';
import { MediaThumbnail } from './media-thumbnail';

interface PostPreviewProps {
  values: PostFormValues;
  authorName: string;
}

/** How the post reads on each chosen platform: that platform's text and the attached media, one tab each. */
export function PostPreview({ values, authorName }: PostPreviewProps) {
  const { t } = useTranslation('composer');
  const baseId = useId();
  const [chosen, setChosen] = useState<PlatformId | null>(null);
  const tabs = useRef<Map<PlatformId, HTMLButtonElement>>(new Map());
  const platforms = values.platforms;
  const active = chosen && platforms.includes(chosen) ? chosen : platforms[0];

  if (!active) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
        <Eye aria-hidden="true" className="size-5" />
        {t('Choose a platform to see a preview of your post.')}
      </div>
    );
  }

  function onKeyDown(event: KeyboardEvent) {
    const index = platforms.indexOf(active as PlatformId);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = platforms[(index + step + platforms.length) % platforms.length];
    if (next) {
      setChosen(next);
      tabs.current.get(next)?.focus();
    }
  }

  const text = contentFor(values, active);
  const media = values.media;
  return (
    <div className="grid min-w-0 gap-3">
      <div role="tablist" aria-label={t('Preview on')} className="flex flex-wrap gap-1" onKeyDown={onKeyDown}>
        {platforms.map((platform) => (
          <button
            key={platform}
            ref={(node) => {
              if (node) tabs.current.set(platform, node);
              else tabs.current.delete(platform);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${platform}`}
            aria-selected={platform === active}
            aria-controls={`${baseId}-panel`}
            tabIndex={platform === active ? 0 : -1}
            onClick={() => setChosen(platform)}
            className={cn(
              'inline-flex size-9 items-center justify-center rounded-md border transition-colors',
              platform === active ? 'border-primary bg-accent' : 'border-transparent hover:bg-muted',
            )}
          >
            <PlatformIcon platform={platform} />
            <span className="sr-only">{PLATFORMS[platform].name}</span>
          </button>
        ))}
      </div>
      <section
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${active}`}
        className="rounded-xl border bg-background p-4"
      >
        <header className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="inline-flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
          >
            {authorName.trim().charAt(0).toUpperCase() || 'R'}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold">{authorName || t('You')}</p>
            <p className="text-xs text-muted-foreground">{PLATFORMS[active].name}</p>
          </div>
          <PlatformIcon platform={active} className="size-5" />
        </header>
        {text.trim() ? (
          <p className="mt-3 text-sm whitespace-pre-wrap wrap-anywhere">{text}</p>
        ) : (
          <p className="mt-3 text-sm text-muted-foreground italic">{t('Your text will appear here.')}</p>
        )}
        {media.length > 0 ? (
          <div className={cn('mt-3 grid gap-1', media.length === 1 ? 'grid-cols-1' : 'grid-cols-2')}>
            {media.slice(0, 4).map((item, index) => (
              <span key={item.id} className="relative">
                <MediaThumbnail
                  media={item}
                  className={media.length === 1 ? 'aspect-video w-full' : 'aspect-square w-full'}
                />
                {index === 3 && media.length > 4 ? (
                  <span className="absolute inset-0 flex items-center justify-center rounded-md bg-black/55 text-lg font-semibold text-white">
                    +{media.length - 4}
                  </span>
                ) : null}
              </span>
            ))}
          </div>
        ) : null}
      </section>
    </div>
  );
}
