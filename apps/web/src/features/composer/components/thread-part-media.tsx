import { altTextLimitFor } from '@relaycast/shared/alt-text';
import { formatFileSize } from '@relaycast/shared/media';
import type { PlatformId } from '@relaycast/shared/platforms';
import { Library, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { AttachedMedia } from '@/lib/post-form';
import { AltTextButton, AltTextEditor } from './media-alt-text';
import { MediaLibraryDialog } from './media-library-dialog';
import { MediaThumbnail } from './media-thumbnail';

/**
 * The media of one thread part (docs/threads.md): files from the media library, as the post's own are chosen,
 * each with its alt text; checked per part against each thread platform's media rules (threads.ts).
 */
export function ThreadPartMedia({
  label,
  media,
  platforms,
  onChange,
}: {
  /** The part's name ("Part 3"), for the controls' accessible names. */
  label: string;
  media: readonly AttachedMedia[];
  /** The post's thread platforms: their rules apply to the part. */
  platforms: readonly PlatformId[];
  onChange(media: AttachedMedia[]): void;
}) {
  const { t } = useTranslation('composer');
  const [isLibraryOpen, setLibraryOpen] = useState(false);
  const [altFor, setAltFor] = useState<string | null>(null);
  const altItem = media.find((item) => item.id === altFor);
  return (
    <div className="grid gap-2">
      {media.length > 0 ? (
        <ul aria-label={t('Media of {{part}}', { part: label })} className="flex flex-wrap gap-3">
          {media.map((item) => (
            <li key={item.id} className="group relative">
              <MediaThumbnail media={item} className="size-16 ring-1 ring-border" />
              <AltTextButton
                item={item}
                expanded={altFor === item.id}
                onToggle={() => setAltFor((current) => (current === item.id ? null : item.id))}
              />
              <span className="mt-1 block w-16 truncate text-xs text-muted-foreground" title={item.name}>
                {formatFileSize(item.sizeBytes)}
              </span>
              <button
                type="button"
                onClick={() => onChange(media.filter((attached) => attached.id !== item.id))}
                className="absolute -top-2 -right-2 inline-flex size-6 items-center justify-center rounded-full border bg-card text-muted-foreground shadow-sm hover:text-destructive"
              >
                <X aria-hidden="true" className="size-3.5" />
                <span className="sr-only">{t('Remove {{name}}', { name: item.name })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {altItem ? (
        <AltTextEditor
          item={altItem}
          limit={altTextLimitFor(platforms)}
          onChange={(text) =>
            onChange(
              media.map((attached) =>
                attached.id === altItem.id ? { ...attached, altText: text } : attached,
              ),
            )
          }
        />
      ) : null}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => setLibraryOpen(true)}
      >
        <Library aria-hidden="true" />
        {t('Add media to {{part}}', { part: label })}
      </Button>
      <MediaLibraryDialog
        open={isLibraryOpen}
        onOpenChange={setLibraryOpen}
        attached={media}
        platforms={platforms}
        onConfirm={(chosen) =>
          // Files kept from before keep the alt text written for them.
          onChange(
            chosen.map((item) => ({
              ...item,
              altText: media.find((attached) => attached.id === item.id)?.altText ?? item.altText,
            })),
          )
        }
      />
    </div>
  );
}
