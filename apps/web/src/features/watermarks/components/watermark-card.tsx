import type { MediaItem } from '@relaycast/shared/media';
import {
  WATERMARK_POSITIONS,
  type Watermark,
  type WatermarkInput,
  type WatermarkPosition,
  watermarkInputSchema,
} from '@relaycast/shared/watermarks';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteWatermark, useUpdateWatermark } from '@/api/watermarks';
import { SaveStatus } from '@/components/save-status';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { WatermarkOverlay } from '@/components/watermark-overlay';
import { showError } from '@/lib/show-error';
import { useSaveAsYouGo } from '@/lib/use-save-as-you-go';

const POSITION_LABELS: Record<WatermarkPosition, string> = {
  'top-left': 'Top left',
  top: 'Top',
  'top-right': 'Top right',
  left: 'Left',
  center: 'Center',
  right: 'Right',
  'bottom-left': 'Bottom left',
  bottom: 'Bottom',
  'bottom-right': 'Bottom right',
};

function inputOf(watermark: Watermark): WatermarkInput {
  const { name, imageMediaId, opacity, size, position, margin } = watermark;
  return { name, imageMediaId, opacity, size, position, margin };
}

/**
 * One saved watermark, saved as it is changed: a choice at once, a typed value when its field is left (a value
 * the shared schema refuses is shown, not sent), with a preview of the mark on a sample frame.
 */
export function WatermarkCard({ watermark, images }: { watermark: Watermark; images: MediaItem[] }) {
  const { t } = useTranslation('watermarks');
  const [draft, setDraft] = useState<WatermarkInput>(() => inputOf(watermark));
  const update = useUpdateWatermark();
  const remove = useDeleteWatermark();
  const saving = useSaveAsYouGo((input: WatermarkInput) => update.mutateAsync({ id: watermark.id, input }), {
    failureMessage: t('Could not save the watermark.'),
    onFailed: () => setDraft(inputOf(watermark)),
  });
  const parsed = watermarkInputSchema.safeParse(draft);
  const errorOf = (field: keyof WatermarkInput) =>
    parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;

  const change = (patch: Partial<WatermarkInput>, save = true) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    const valid = watermarkInputSchema.safeParse(next);
    if (save && valid.success) void saving.commit(valid.data);
  };
  const numberField = (field: 'opacity' | 'size' | 'margin', label: string, hint: string) => (
    <FormField
      label={label}
      type="number"
      inputMode="numeric"
      value={Number.isNaN(draft[field]) ? '' : draft[field]}
      hint={hint}
      error={errorOf(field)}
      onChange={(event) => change({ [field]: event.target.valueAsNumber }, false)}
      onBlur={() => change({})}
    />
  );
  const imageUrl = images.find((image) => image.id === draft.imageMediaId)?.url ?? watermark.imageUrl;

  return (
    <article
      aria-label={draft.name || t('Watermark')}
      className="grid gap-4 rounded-lg border p-4 md:grid-cols-2"
    >
      <div className="grid content-start gap-3">
        <div className="flex items-center gap-2">
          <SaveStatus state={saving.state} />
        </div>
        <FormField
          label={t('Name')}
          value={draft.name}
          error={errorOf('name')}
          onChange={(event) => change({ name: event.target.value }, false)}
          onBlur={() => change({})}
        />
        <SelectField
          label={t('Image')}
          value={draft.imageMediaId}
          options={
            images.some((i) => i.id === draft.imageMediaId) ? images.map((i) => i.id) : [draft.imageMediaId]
          }
          format={(id) => images.find((image) => image.id === id)?.name ?? t('Current image')}
          onChange={(imageMediaId) => change({ imageMediaId })}
        />
        <SelectField
          label={t('Position')}
          value={draft.position}
          options={WATERMARK_POSITIONS}
          format={(position) => t(POSITION_LABELS[position])}
          onChange={(position) => change({ position })}
        />
        {numberField('opacity', t('Opacity (%)'), t('0 is invisible, 100 fully opaque.'))}
        {numberField(
          'size',
          t('Size (% of the width)'),
          t('The mark’s width as a share of the photo’s or video’s.'),
        )}
        {numberField('margin', t('Margin (%)'), t('Space between the mark and the edges.'))}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={remove.isPending}
          onClick={() =>
            remove
              .mutateAsync(watermark.id)
              .catch((error) => showError(error, t('Could not delete the watermark.')))
          }
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('Delete watermark')}
        </Button>
      </div>
      <figure className="grid content-start gap-2">
        <WatermarkOverlay
          mark={parsed.success ? { ...parsed.data, imageUrl } : null}
          className="overflow-hidden rounded-md"
        >
          <div className="aspect-video w-full bg-gradient-to-br from-slate-500 to-slate-800" />
        </WatermarkOverlay>
        <figcaption className="text-xs text-muted-foreground">{t('Preview on a 16:9 frame')}</figcaption>
      </figure>
    </article>
  );
}
