import {
  CANVA_EXPORT_FORMATS,
  type CanvaExportFormat,
  CLOUD_DRIVE_MESSAGES,
  CLOUD_PROVIDERS,
  type CloudEntry,
  type CloudProviderId,
  MAX_CLOUD_IMPORT_FILES,
} from '@relaycast/shared/cloud-drives';
import { formatFileSize } from '@relaycast/shared/media';
import { ChevronRight, Film, Folder, Image, Palette } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloudFiles, useImportFromCloud } from '@/api/cloud-drives';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';

const KIND_ICONS = { folder: Folder, image: Image, video: Film, design: Palette } as const;

function EntryRow({
  entry,
  checked,
  disabled,
  onOpen,
  onToggle,
}: {
  entry: CloudEntry;
  checked: boolean;
  disabled: boolean;
  onOpen(): void;
  onToggle(): void;
}) {
  const { t } = useTranslation('media-library');
  const Icon = KIND_ICONS[entry.kind];
  if (entry.kind === 'folder') {
    return (
      <li>
        <button
          type="button"
          onClick={onOpen}
          className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-muted"
          aria-label={t('Open folder {{name}}', { name: entry.name })}
        >
          <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1 truncate">{entry.name}</span>
          <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
        </button>
      </li>
    );
  }
  return (
    <li>
      <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-muted">
        <input type="checkbox" checked={checked} disabled={disabled && !checked} onChange={onToggle} />
        {entry.thumbnailUrl ? (
          <img src={entry.thumbnailUrl} alt="" className="size-8 shrink-0 rounded object-cover" />
        ) : (
          <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        )}
        <span className="min-w-0 flex-1 truncate">{entry.name}</span>
        {entry.sizeBytes !== null ? (
          <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
            {formatFileSize(entry.sizeBytes)}
          </span>
        ) : null}
      </label>
    </li>
  );
}

/**
 * Our own picker for a connected cloud drive (docs/media-import.md): folders to open, images and videos to tick (up
 * to five), or Canva's designs with the format to export them as; Import queues them as background imports.
 */
export function CloudPickerDialog({
  provider,
  onOpenChange,
}: {
  provider: CloudProviderId | null;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation('media-library');
  const [path, setPath] = useState<{ id: string; name: string }[]>([]);
  const [chosen, setChosen] = useState<Map<string, CloudEntry>>(new Map());
  const [format, setFormat] = useState<CanvaExportFormat>('png');
  const folder = path.at(-1)?.id;
  const files = useCloudFiles(provider, folder);
  const start = useImportFromCloud();
  const name = provider ? CLOUD_PROVIDERS[provider].name : '';

  const close = () => {
    setPath([]);
    setChosen(new Map());
    onOpenChange(false);
  };

  const toggle = (entry: CloudEntry) =>
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(entry.id)) next.delete(entry.id);
      else next.set(entry.id, entry);
      return next;
    });

  const submit = () => {
    if (!provider) return;
    const picked = [...chosen.values()].map((entry) => ({
      id: entry.id,
      name: entry.name,
      ...(provider === 'canva' ? { format } : {}),
    }));
    start.mutate(
      { provider, files: picked },
      {
        onSuccess: () => {
          toast.success(translateMessage(CLOUD_DRIVE_MESSAGES.importsStarted));
          close();
        },
        onError: (failure) => showError(failure),
      },
    );
  };

  const items = files.data?.items ?? [];
  return (
    <Dialog
      open={provider !== null}
      onOpenChange={(open) => (open ? onOpenChange(true) : close())}
      title={t('Import from {{provider}}', { provider: name })}
      description={t('Choose up to {{max}} images or videos.', { max: MAX_CLOUD_IMPORT_FILES })}
      className="max-w-xl"
    >
      <nav aria-label={t('Folders')} className="mb-2 flex flex-wrap items-center gap-1 text-sm">
        <button type="button" className="underline-offset-2 hover:underline" onClick={() => setPath([])}>
          {name}
        </button>
        {path.map((step, index) => (
          <span key={step.id} className="flex items-center gap-1">
            <ChevronRight aria-hidden="true" className="size-3 text-muted-foreground" />
            <button
              type="button"
              className="underline-offset-2 hover:underline"
              onClick={() => setPath(path.slice(0, index + 1))}
            >
              {step.name}
            </button>
          </span>
        ))}
      </nav>
      {files.isPending && provider ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : files.isError ? (
        <p role="alert" className="py-4 text-sm text-destructive">
          {translateMessage(files.error.message)}
        </p>
      ) : items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('No images or videos here.')}</p>
      ) : (
        <ul aria-label={t('Files')} className="grid max-h-80 gap-0.5 overflow-y-auto">
          {items.map((entry) => (
            <EntryRow
              key={entry.id}
              entry={entry}
              checked={chosen.has(entry.id)}
              disabled={chosen.size >= MAX_CLOUD_IMPORT_FILES}
              onOpen={() => setPath([...path, { id: entry.id, name: entry.name }])}
              onToggle={() => toggle(entry)}
            />
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        {provider === 'canva' ? (
          <SelectField
            label={t('Export as')}
            value={format}
            options={CANVA_EXPORT_FORMATS}
            onChange={setFormat}
            format={(option) => option.toUpperCase()}
            size="sm"
          />
        ) : (
          <span />
        )}
        <Button onClick={submit} disabled={chosen.size === 0 || start.isPending}>
          {t('Import {{count}} files', { count: chosen.size })}
        </Button>
      </div>
    </Dialog>
  );
}
