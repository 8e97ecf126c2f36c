import { MAX_ALT_TEXT } from '@relaycast/shared/alt-text';
import { ACCEPTED_MEDIA_TYPES, formatFileSize } from '@relaycast/shared/media';
import type { PlatformId } from '@relaycast/shared/platforms';
import { CircleAlert, ImagePlus, Library, Upload as UploadIcon, X } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadMedia } from '@/api/media';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/i18n';
import { cn } from '@/lib/cn';
import { type AttachedMedia, attachedFromLibrary } from '@/lib/post-form';
import {
  EditImageButton,
  type ImageEditorPart,
  isEditableImage,
  withEditedCopy,
} from './edit-attached-image';
import { AltTextButton, AltTextEditor } from './media-alt-text';
import { MediaLibraryDialog } from './media-library-dialog';
import { MediaThumbnail } from './media-thumbnail';

interface PendingUpload {
  key: string;
  name: string;
  progress: number;
  error?: string;
}

interface MediaAttachmentsProps {
  media: readonly AttachedMedia[];
  onChange(update: (current: AttachedMedia[]) => AttachedMedia[]): void;
  /** How many uploads are running (the composer waits for them before saving). */
  onUploadingChange(count: number): void;
  /** The longest alt text the chosen platforms all take. */
  altTextLimit?: number;
  /** The image editor's dialog, when the page has it: each attached still image gets an Edit control. */
  imageEditor?: ImageEditorPart;
  /** The post's platforms (an AI image made in the library dialog offers their shapes). */
  platforms?: readonly PlatformId[];
}

const ACCEPT = Object.keys(ACCEPTED_MEDIA_TYPES).join(',');

/** The post's media: thumbnails of what is attached, files from the library, and new uploads with progress. */
// function-budget: MediaAttachments lays out one screen part in one JSX tree; split into named parts when it next changes
export function MediaAttachments({
  media,
  onChange,
  onUploadingChange,
  altTextLimit = MAX_ALT_TEXT,
  imageEditor,
  platforms,
}: MediaAttachmentsProps) {
  const { t } = useTranslation('composer');
  const ids = useId();
  const uploader = useUploadMedia();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [isLibraryOpen, setLibraryOpen] = useState(false);
  const [isDragOver, setDragOver] = useState(false);
  const [altFor, setAltFor] = useState<string | null>(null);
  const altItem = media.find((item) => item.id === altFor);
  const [editing, setEditing] = useState<string | null>(null);

  const running = uploads.filter((upload) => !upload.error).length;
  useEffect(() => onUploadingChange(running), [running, onUploadingChange]);

  function patchUpload(key: string, patch: Partial<PendingUpload>) {
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));
  }

  function uploadFiles(files: readonly File[]) {
    for (const file of files) {
      const key = `${file.name}-${Date.now()}-${Math.random()}`;
      setUploads((current) => [...current, { key, name: file.name, progress: 0 }]);
      uploader
        .mutateAsync({ file, onProgress: ({ fraction }) => patchUpload(key, { progress: fraction }) })
        .then((item) => {
          setUploads((current) => current.filter((pending) => pending.key !== key));
          onChange((current) => [...current, attachedFromLibrary(item)]);
        })
        .catch((error: unknown) => {
          patchUpload(key, {
            error:
              error instanceof Error ? error.message : t('Could not upload "{{name}}".', { name: file.name }),
          });
        });
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragOver(false);
    if (event.dataTransfer.files.length > 0) uploadFiles([...event.dataTransfer.files]);
  }

  return (
    <section
      aria-labelledby={`${ids}-title`}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragOver(true);
      }}
      onDragLeave={() => setDragOver(false)}
      onDrop={onDrop}
      className={cn(
        'grid gap-4 rounded-xl border bg-card p-5 shadow-sm transition-colors',
        isDragOver && 'border-primary bg-accent/40',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${ids}-title`} className="font-semibold">
            {t('Media')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {t('Images and videos from your library, or new files (you can drop them here).')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setLibraryOpen(true)}>
            <Library aria-hidden="true" />
            {t('Choose from library')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
            <UploadIcon aria-hidden="true" />
            {t('Upload files')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={ACCEPT}
            aria-label={t('Upload files')}
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => {
              uploadFiles([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </div>
      </div>

      {media.length > 0 ? (
        <ul aria-label={t('Attached media')} className="flex flex-wrap gap-3">
          {media.map((item) => (
            <li key={item.id} className="group relative">
              <MediaThumbnail media={item} className="size-20 ring-1 ring-border" />
              <AltTextButton
                item={item}
                expanded={altFor === item.id}
                onToggle={() => setAltFor((current) => (current === item.id ? null : item.id))}
              />
              {imageEditor && isEditableImage(item) ? (
                <EditImageButton item={item} onOpen={() => setEditing(item.id)} />
              ) : null}
              <span className="mt-1 block w-20 truncate text-xs text-muted-foreground" title={item.name}>
                {formatFileSize(item.sizeBytes)}
              </span>
              <button
                type="button"
                onClick={() => onChange((current) => current.filter((attached) => attached.id !== item.id))}
                className="absolute -top-2 -right-2 inline-flex size-6 items-center justify-center rounded-full border bg-card text-muted-foreground shadow-sm hover:text-destructive"
              >
                <X aria-hidden="true" className="size-3.5" />
                <span className="sr-only">{t('Remove {{name}}', { name: item.name })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : uploads.length === 0 ? (
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-6 text-sm text-muted-foreground hover:bg-muted"
        >
          <ImagePlus aria-hidden="true" className="size-6" />
          {t('No media yet. Add an image or a video.')}
        </button>
      ) : null}

      {altItem ? (
        <AltTextEditor
          item={altItem}
          limit={altTextLimit}
          onChange={(text) =>
            onChange((current) =>
              current.map((attached) =>
                attached.id === altItem.id ? { ...attached, altText: text } : attached,
              ),
            )
          }
        />
      ) : null}

      {uploads.length > 0 ? (
        <ul aria-label={t('Uploads')} className="grid gap-2">
          {uploads.map((upload) => (
            <li key={upload.key} className="grid gap-1 rounded-lg border p-3 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate font-medium">{upload.name}</span>
                {upload.error ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setUploads((current) => current.filter((u) => u.key !== upload.key))}
                  >
                    {t('Dismiss')}
                  </Button>
                ) : (
                  <span className="tabular-nums text-muted-foreground">
                    {formatNumber(upload.progress, { style: 'percent' })}
                  </span>
                )}
              </div>
              {upload.error ? (
                <p role="alert" className="flex gap-1.5 text-destructive">
                  <CircleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                  {upload.error}
                </p>
              ) : (
                <div
                  role="progressbar"
                  aria-label={t('Uploading {{name}}', { name: upload.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(upload.progress * 100)}
                  className="h-1.5 overflow-hidden rounded-full bg-muted"
                >
                  <div
                    className="h-full rounded-full bg-primary transition-[width]"
                    style={{ width: `${upload.progress * 100}%` }}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {imageEditor?.({
        mediaId: editing,
        onClose: () => setEditing(null),
        onSaved: (created) => {
          // The edited copy takes the original's place and alt text; the original stays in the library.
          const originalId = editing;
          if (originalId) onChange((current) => withEditedCopy(current, originalId, created));
          setAltFor((current) => (current === originalId ? created.id : current));
          setEditing(null);
        },
      })}

      <MediaLibraryDialog
        open={isLibraryOpen}
        onOpenChange={setLibraryOpen}
        attached={media}
        platforms={platforms}
        onConfirm={(chosen) =>
          // Files kept from before keep the alt text written for them.
          onChange((current) =>
            chosen.map((item) => ({
              ...item,
              altText: current.find((attached) => attached.id === item.id)?.altText ?? item.altText,
            })),
          )
        }
      />
    </section>
  );
}
