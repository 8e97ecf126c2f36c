import { mediaKindOf } from '@relaycast/shared/platforms';
import type { Watermark, WatermarkAppliedFile, WatermarkApplyStatus } from '@relaycast/shared/watermarks';
import { Download, ExternalLink, Stamp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useApplyWatermark, useWatermarkApply } from '@/api/watermarks';
import { Button } from '@/components/ui/button';
import { WatermarkOverlay } from '@/components/watermark-overlay';
import { formatNumber, translateMessage } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import type { AttachedMedia } from '@/lib/post-form';
import { toast } from '@/lib/toast';

/**
 * "Apply now" (docs/watermarks.md): burns the chosen watermark into the post's photos, GIFs and videos ahead of
 * publishing, shows each file's progress, then previews the rendered copy itself (what the platforms will
 * receive, the very copy the publish reuses) with links to open or download it. The library keeps the originals.
 */

type ButtonState = 'needs-one' | 'loading' | 'ready' | 'applying' | 'applied' | 'stale' | 'failed';

/** What the Apply now button says and whether it can be pressed, from the files' states. */
export function applyButtonState(
  watermarkId: string | null,
  status: WatermarkApplyStatus | undefined,
  isSending: boolean,
): ButtonState {
  if (watermarkId === null) return 'needs-one';
  if (isSending) return 'applying';
  if (!status) return 'loading';
  const states = status.files.map((file) => file.state);
  if (states.some((state) => state === 'queued' || state === 'rendering')) return 'applying';
  if (states.some((state) => state === 'failed')) return 'failed';
  if (states.some((state) => state === 'stale')) return 'stale';
  if (states.every((state) => state === 'done')) return 'applied';
  return 'ready';
}

function FileState({ file }: { file: WatermarkAppliedFile | undefined }) {
  const { t } = useTranslation('composer');
  if (!file || file.state === 'none') return null;
  if (file.state === 'done' && file.copy)
    return (
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-foreground">{t('Watermarked copy')}</span>
        <a
          href={file.copy.url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-primary hover:underline"
        >
          <ExternalLink className="h-3 w-3" aria-hidden />
          {t('Open')}
        </a>
        <a
          href={file.copy.url}
          download={file.copy.name}
          className="inline-flex items-center gap-1 text-primary hover:underline"
        >
          <Download className="h-3 w-3" aria-hidden />
          {t('Download')}
        </a>
      </span>
    );
  if (file.state === 'queued') return <span>{t('Waiting to apply…')}</span>;
  if (file.state === 'rendering')
    return (
      <span>
        {file.progress
          ? t('Applying… {{percent}}', { percent: formatNumber(file.progress, { style: 'percent' }) })
          : t('Applying…')}
      </span>
    );
  if (file.state === 'stale') return <span className="text-amber-700">{t('Out of date')}</span>;
  return <span className="text-destructive">{translateMessage(file.error ?? '')}</span>;
}

function FilePreview({
  item,
  mark,
  file,
}: {
  item: AttachedMedia;
  mark: Watermark;
  file: WatermarkAppliedFile | undefined;
}) {
  const { t } = useTranslation('composer');
  const copy = file?.state === 'done' ? file.copy : null;
  const src = copy?.url ?? item.url;
  const media =
    mediaKindOf(item.mimeType) === 'video' ? (
      <video src={src} muted playsInline preload="metadata" className="block w-full" />
    ) : (
      <img
        src={src}
        alt={copy ? t('{{name}}, watermarked', { name: item.name }) : item.name}
        className="block w-full"
      />
    );
  return (
    <li className="grid gap-1 text-xs text-muted-foreground" data-state={file?.state ?? 'none'}>
      {copy ? (
        <div className="overflow-hidden rounded-md bg-muted ring-2 ring-primary/60">{media}</div>
      ) : (
        <WatermarkOverlay mark={mark} className="overflow-hidden rounded-md bg-muted">
          {media}
        </WatermarkOverlay>
      )}
      <FileState file={file} />
    </li>
  );
}

/** The Apply now button, its explanation, and the preview of each file (drawn mark, or the rendered copy). */
export function WatermarkApply({
  mark,
  watermarkId,
  media,
}: {
  mark: Watermark;
  /** The one watermark chosen for every account; null on "each account's default". */
  watermarkId: string | null;
  media: readonly AttachedMedia[];
}) {
  const { t } = useTranslation('composer');
  const ids = media.map((item) => item.id);
  const status = useWatermarkApply(watermarkId, ids).data;
  const apply = useApplyWatermark();
  const state = applyButtonState(watermarkId, status, apply.isPending);
  const label = {
    'needs-one': t('Apply now'),
    loading: t('Apply now'),
    ready: t('Apply now'),
    applying: t('Applying…'),
    applied: t('Applied'),
    stale: t('Apply again'),
    failed: t('Try again'),
  }[state];
  const hint = {
    'needs-one': t('To apply it now, choose one watermark for every account.'),
    loading: null,
    ready: t('Burns the watermark in now so you can see exactly what will be sent.'),
    applying: t('Applying the watermark; a video can take a while.'),
    applied: t('The preview shows the watermarked copies the platforms will receive.'),
    stale: t('The watermark changed after it was applied: the copies are out of date.'),
    failed: null,
  }[state];
  const onApply = () => {
    if (watermarkId === null) return;
    apply.mutate({ watermarkId, mediaIds: ids }, { onError: (error) => toast.error(errorMessage(error)) });
  };
  const byId = new Map(status?.files.map((file) => [file.mediaId, file]) ?? []);
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!['ready', 'stale', 'failed'].includes(state)}
          onClick={onApply}
        >
          <Stamp className="mr-1.5 h-4 w-4" aria-hidden />
          {label}
        </Button>
        {hint ? (
          <p className={state === 'stale' ? 'text-xs text-amber-700' : 'text-xs text-muted-foreground'}>
            {hint}
          </p>
        ) : null}
      </div>
      <ul aria-label={t('Watermark preview')} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {media.map((item) => (
          <FilePreview key={item.id} item={item} mark={mark} file={byId.get(item.id)} />
        ))}
      </ul>
    </>
  );
}
