import { ACCEPTED_MEDIA_TYPES, formatFileSize } from '@relaycast/shared/media';
import { UploadCloud } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const ACCEPT = Object.keys(ACCEPTED_MEDIA_TYPES).join(',');

/**
 * The drop zone is one big button: click, Enter or Space opens the file picker, and files dropped on it
 * are uploaded the same way. Several files at once either way.
 */
export function UploadDropZone({
  onFiles,
  maxFileSizeBytes,
  planName,
}: {
  onFiles: (files: File[]) => void;
  maxFileSizeBytes: number | undefined;
  /** The plan the limit comes from; null on a self-hosted server (its own limit); undefined while loading. */
  planName: string | null | undefined;
}) {
  const { t } = useTranslation('media-library');
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const hintId = useId();
  const [isDragging, setIsDragging] = useState(false);
  const depth = useRef(0);

  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  const onDragEnter = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setIsDragging(true);
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setIsDragging(false);
  };
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setIsDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };

  return (
    <div>
      <button
        type="button"
        aria-labelledby={titleId}
        aria-describedby={hintId}
        onClick={() => inputRef.current?.click()}
        onDragEnter={onDragEnter}
        onDragLeave={onDragLeave}
        onDragOver={onDragOver}
        onDrop={onDrop}
        className={cn(
          'group flex w-full flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed bg-card px-6 py-8 text-center transition-colors hover:border-primary/60 hover:bg-accent/40 focus-visible:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:py-10',
          isDragging && 'border-primary bg-accent/60',
        )}
      >
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <UploadCloud aria-hidden="true" className="size-6" />
        </span>
        <span id={titleId} className="text-base font-medium">
          {isDragging ? t('Drop to upload') : t('Drop images and videos here, or choose files')}
        </span>
        <span id={hintId} className="text-sm text-muted-foreground">
          {t('JPEG, PNG, GIF, WebP, MP4, MOV or WebM')}
          {maxFileSizeBytes && planName
            ? ` · ${t('up to {{size}} each on the {{plan}} plan', {
                size: formatFileSize(maxFileSizeBytes),
                plan: t(planName),
              })}`
            : maxFileSizeBytes && planName === null
              ? ` · ${t('up to {{size}} each', { size: formatFileSize(maxFileSizeBytes) })}`
              : ''}
        </span>
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        aria-label={t('Choose files to upload')}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Reset so that choosing the same file again fires another change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
