import { CLOUD_PROVIDERS, type CloudProviderId } from '@relaycast/shared/cloud-drives';
import { formatFileSize } from '@relaycast/shared/media';
import {
  isActiveImport,
  MEDIA_IMPORT_MESSAGES,
  type MediaImport,
  type MediaImportStatus,
  startMediaImportSchema,
} from '@relaycast/shared/media-imports';
import { Link2, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelMediaImport, useMediaImports, useStartMediaImport } from '@/api/media';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';

const STATUS_LABELS: Record<MediaImportStatus, string> = {
  queued: 'Waiting',
  downloading: 'Downloading',
  done: 'Imported',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

function ImportRow({ item, onCancel }: { item: MediaImport; onCancel(id: string): void }) {
  const { t } = useTranslation('media-library');
  const isActive = isActiveImport(item.status);
  const total = item.totalBytes;
  const received = formatFileSize(item.receivedBytes);
  // A cloud import names its file and provider; an import from a link its address.
  const provider = item.source ? CLOUD_PROVIDERS[item.source.provider as CloudProviderId] : undefined;
  const label = item.source ? `${provider?.name ?? item.source.provider}: ${item.source.name}` : item.url;
  return (
    <li className="grid gap-1 rounded-lg border px-3 py-2 text-sm" aria-label={label}>
      <div className="flex items-center justify-between gap-3">
        <span className="min-w-0 truncate" title={label}>
          {label}
        </span>
        <span className="shrink-0 font-medium">{t(STATUS_LABELS[item.status])}</span>
      </div>
      {isActive ? (
        <div className="flex items-center gap-3">
          <progress
            className="h-2 w-full"
            aria-label={t('Progress of {{url}}', { url: label })}
            max={total ?? undefined}
            value={total ? item.receivedBytes : undefined}
          />
          <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
            {total ? `${received} / ${formatFileSize(total)}` : received}
          </span>
          <Button variant="ghost" size="sm" onClick={() => onCancel(item.id)}>
            <X aria-hidden="true" />
            {t('Cancel')}
          </Button>
        </div>
      ) : null}
      {item.status === 'failed' && item.error ? (
        <p className="text-destructive">{translateMessage(item.error)}</p>
      ) : null}
    </li>
  );
}

/**
 * Import from a link (docs/media-import.md): the server downloads a public image or video into the library in the
 * background; the list shows each import's progress, lets an unfinished one be cancelled, and survives a reload.
 */
export function LinkImportPanel() {
  const { t } = useTranslation('media-library');
  const imports = useMediaImports();
  const start = useStartMediaImport();
  const cancel = useCancelMediaImport();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = startMediaImportSchema.safeParse({ url });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MEDIA_IMPORT_MESSAGES.invalidUrl);
      return;
    }
    setError(undefined);
    start.mutate(parsed.data.url, {
      onSuccess: () => {
        toast.success(translateMessage(MEDIA_IMPORT_MESSAGES.started));
        setUrl('');
      },
      onError: (failure) => showError(failure),
    });
  };

  const cancelImport = (id: string) =>
    cancel.mutate(id, {
      onSuccess: () => toast.success(translateMessage(MEDIA_IMPORT_MESSAGES.cancelled)),
      onError: (failure) => showError(failure),
    });

  const items = imports.data?.items ?? [];
  return (
    <section aria-labelledby="link-import-heading" className="grid content-start gap-3 rounded-xl border p-4">
      <h2 id="link-import-heading" className="flex items-center gap-2 font-semibold">
        <Link2 aria-hidden="true" className="size-4" />
        {t('Import from a link')}
      </h2>
      <form className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" onSubmit={submit} noValidate>
        <FormField
          label={t('Link to an image or a video')}
          type="url"
          inputMode="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={error}
          placeholder={t('https://example.com/photo.jpg')}
        />
        <Button type="submit" disabled={start.isPending}>
          {t('Import')}
        </Button>
      </form>
      {items.length > 0 ? (
        <ul aria-label={t('Imports')} className="grid gap-2">
          {items.slice(0, 5).map((item) => (
            <ImportRow key={item.id} item={item} onCancel={cancelImport} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
