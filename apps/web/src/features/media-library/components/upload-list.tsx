import { formatFileSize } from '@relaycast/shared/media';
import { CheckCircle2, CircleAlert, FileImage, FileVideo, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/i18n';
import { cn } from '@/lib/cn';
import type { UploadEntry } from '../hooks/use-upload-queue';

/** Catalog keys, translated where rendered. */
const STATUS_TEXT: Record<UploadEntry['status'], string> = {
  queued: 'Waiting…',
  uploading: 'Uploading…',
  done: 'Uploaded',
  failed: 'Not uploaded',
};

/** One row per file being uploaded: its progress bar, then "Uploaded" or the server's reason for refusing it. */
export function UploadList({
  entries,
  onDismiss,
}: {
  entries: UploadEntry[];
  onDismiss: (id: string) => void;
}) {
  const { t } = useTranslation('media-library');
  if (entries.length === 0) return null;
  return (
    <section aria-label={t('Uploads')} className="rounded-xl border bg-card shadow-sm">
      <ul className="divide-y">
        {entries.map((entry) => {
          const percent = Math.round(entry.progress * 100);
          const Icon = entry.file.type.startsWith('video/') ? FileVideo : FileImage;
          const isActive = entry.status === 'queued' || entry.status === 'uploading';
          return (
            <li key={entry.id} aria-label={entry.file.name} className="flex items-start gap-3 px-4 py-3">
              <span
                className={cn(
                  'mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground',
                  entry.status === 'failed' && 'bg-destructive/10 text-destructive',
                  entry.status === 'done' && 'bg-success/10 text-success',
                )}
              >
                {entry.status === 'failed' ? (
                  <CircleAlert aria-hidden="true" className="size-4" />
                ) : entry.status === 'done' ? (
                  <CheckCircle2 aria-hidden="true" className="size-4" />
                ) : (
                  <Icon aria-hidden="true" className="size-4" />
                )}
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-3">
                  <p className="min-w-0 truncate text-sm font-medium" title={entry.file.name}>
                    {entry.file.name}
                  </p>
                  <p className="shrink-0 text-xs text-muted-foreground tabular-nums">
                    {entry.status === 'uploading'
                      ? `${formatNumber(entry.progress, { style: 'percent' })} · `
                      : ''}
                    {formatFileSize(entry.file.size)}
                  </p>
                </div>
                {entry.status === 'failed' ? (
                  <p role="alert" className="mt-1 text-sm text-destructive">
                    {entry.error}
                  </p>
                ) : (
                  <>
                    <div
                      role="progressbar"
                      aria-label={t('Upload of {{name}}', { name: entry.file.name })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={percent}
                      className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted"
                    >
                      <div
                        className={cn(
                          'h-full rounded-full bg-primary transition-[width] duration-200',
                          entry.status === 'done' && 'bg-success',
                        )}
                        style={{ width: `${percent}%` }}
                      />
                    </div>
                    <p className="mt-1 text-xs text-muted-foreground" aria-live="polite">
                      {entry.status === 'uploading' && entry.progress >= 1
                        ? t('Processing…')
                        : t(STATUS_TEXT[entry.status])}
                    </p>
                  </>
                )}
              </div>
              {entry.status !== 'done' ? (
                <Button
                  variant="ghost"
                  size="icon"
                  className="-mr-2 size-8 shrink-0"
                  aria-label={
                    isActive
                      ? t('Cancel upload of {{name}}', { name: entry.file.name })
                      : t('Dismiss {{name}}', { name: entry.file.name })
                  }
                  onClick={() => onDismiss(entry.id)}
                >
                  <X aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
