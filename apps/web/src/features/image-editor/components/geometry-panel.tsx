import {
  ASPECT_PRESETS,
  centredCrop,
  type ImageEditRecipe,
  MAX_EDIT_DIMENSION,
  orientedSize,
  outputSize,
} from '@relaycast/shared/image-edit';
import { FlipHorizontal2, FlipVertical2, RotateCcw, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FactorSlider, NumberField } from './number-field';

type Size = { width: number; height: number };

export interface PanelProps {
  recipe: ImageEditRecipe;
  source: Size;
  /** A new state of the recipe; `key` merges quick repeats (typing, sliding) into one undo step. */
  onChange(next: ImageEditRecipe, key?: string): void;
}

/** The result's width and height, keeping the proportions of the crop. */
function ResizeFields({ recipe, source, onChange }: PanelProps) {
  const { t } = useTranslation('image-editor');
  const output = outputSize(source, recipe);
  const ratio = orientedSize(source, recipe);
  const resize = (width: number, height: number) =>
    onChange({ ...recipe, resize: { width, height } }, 'resize');
  return (
    <>
      <h2 className="text-sm font-semibold">{t('Size')}</h2>
      <fieldset className="grid grid-cols-2 gap-2" aria-label={t('Resize, keeping the proportions')}>
        <NumberField
          label={t('Result width')}
          value={output.width}
          min={1}
          max={MAX_EDIT_DIMENSION}
          onChange={(width) =>
            resize(
              width,
              Math.max(1, Math.min(MAX_EDIT_DIMENSION, Math.round((width * ratio.height) / ratio.width))),
            )
          }
        />
        <NumberField
          label={t('Result height')}
          value={output.height}
          min={1}
          max={MAX_EDIT_DIMENSION}
          onChange={(height) =>
            resize(
              Math.max(1, Math.min(MAX_EDIT_DIMENSION, Math.round((height * ratio.width) / ratio.height))),
              height,
            )
          }
        />
      </fieldset>
    </>
  );
}

/**
 * Crop (a platform's shape or free), rotate, flip and resize. `ratio` is the preset whose shape the crop box's
 * handles keep; typing a free size, or Original, drops it.
 */
export function GeometryPanel({
  recipe,
  source,
  onChange,
  ratio,
  onRatioChange,
}: PanelProps & { ratio: number | null; onRatioChange(ratio: number | null): void }) {
  const { t } = useTranslation('image-editor');
  const crop = recipe.crop ?? { x: 0, y: 0, ...source };
  const setCrop = (next: ImageEditRecipe['crop'], key?: string, shape: number | null = null) => {
    onRatioChange(next ? shape : null);
    onChange({ ...recipe, crop: next, resize: null }, key);
  };
  const setPlace = (next: ImageEditRecipe['crop']) => onChange({ ...recipe, crop: next }, 'crop');
  const turn = (quarter: 90 | 270) =>
    onChange({
      ...recipe,
      rotate: ((recipe.rotate + quarter) % 360) as ImageEditRecipe['rotate'],
      resize: null,
    });
  return (
    <section aria-label={t('Crop and size')} className="grid gap-3">
      <h2 className="text-sm font-semibold">{t('Crop')}</h2>
      <fieldset className="flex flex-wrap gap-2" aria-label={t('Crop shape')}>
        <Button size="sm" variant={recipe.crop ? 'outline' : 'primary'} onClick={() => setCrop(null)}>
          {t('Original')}
        </Button>
        {ASPECT_PRESETS.map((preset) => (
          <Button
            key={preset.id}
            size="sm"
            variant={recipe.crop && ratio === preset.ratio ? 'primary' : 'outline'}
            aria-pressed={Boolean(recipe.crop) && ratio === preset.ratio}
            title={t(preset.hint)}
            onClick={() => setCrop(centredCrop(source, preset.ratio), undefined, preset.ratio)}
          >
            {preset.id}
          </Button>
        ))}
      </fieldset>
      <fieldset className="grid grid-cols-4 gap-2" aria-label={t('Free crop')}>
        <NumberField
          label={t('Left')}
          value={crop.x}
          min={0}
          max={source.width - crop.width}
          onChange={(x) => setPlace({ ...crop, x })}
        />
        <NumberField
          label={t('Top')}
          value={crop.y}
          min={0}
          max={source.height - crop.height}
          onChange={(y) => setPlace({ ...crop, y })}
        />
        <NumberField
          label={t('Width')}
          value={crop.width}
          min={1}
          max={source.width - crop.x}
          onChange={(width) => setCrop({ ...crop, width }, 'crop')}
        />
        <NumberField
          label={t('Height')}
          value={crop.height}
          min={1}
          max={source.height - crop.y}
          onChange={(height) => setCrop({ ...crop, height }, 'crop')}
        />
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => turn(270)}>
          <RotateCcw aria-hidden="true" />
          {t('Rotate left')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => turn(90)}>
          <RotateCw aria-hidden="true" />
          {t('Rotate right')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-pressed={recipe.flipHorizontal}
          onClick={() => onChange({ ...recipe, flipHorizontal: !recipe.flipHorizontal })}
        >
          <FlipHorizontal2 aria-hidden="true" />
          {t('Flip horizontally')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-pressed={recipe.flipVertical}
          onClick={() => onChange({ ...recipe, flipVertical: !recipe.flipVertical })}
        >
          <FlipVertical2 aria-hidden="true" />
          {t('Flip vertically')}
        </Button>
      </div>
      <ResizeFields recipe={recipe} source={source} onChange={onChange} />
    </section>
  );
}

/** Brightness, contrast, saturation and a filter. */
export function ColourPanel({ recipe, onChange }: Omit<PanelProps, 'source'>) {
  const { t } = useTranslation('image-editor');
  const adjust = (name: keyof ImageEditRecipe['adjustments'], value: number) =>
    onChange({ ...recipe, adjustments: { ...recipe.adjustments, [name]: value } }, name);
  const FILTER_LABELS = {
    none: t('No filter'),
    grayscale: t('Black and white'),
    sepia: t('Sepia'),
    invert: t('Invert'),
  };
  return (
    <section aria-label={t('Colours')} className="grid gap-3">
      <h2 className="text-sm font-semibold">{t('Colours')}</h2>
      <FactorSlider
        label={t('Brightness')}
        value={recipe.adjustments.brightness}
        max={2}
        onChange={(v) => adjust('brightness', v)}
      />
      <FactorSlider
        label={t('Contrast')}
        value={recipe.adjustments.contrast}
        max={2}
        onChange={(v) => adjust('contrast', v)}
      />
      <FactorSlider
        label={t('Saturation')}
        value={recipe.adjustments.saturation}
        max={3}
        onChange={(v) => adjust('saturation', v)}
      />
      <fieldset className="flex flex-wrap gap-2" aria-label={t('Filter')}>
        {(Object.keys(FILTER_LABELS) as ImageEditRecipe['filter'][]).map((filter) => (
          <Button
            key={filter}
            size="sm"
            variant={recipe.filter === filter ? 'primary' : 'outline'}
            aria-pressed={recipe.filter === filter}
            onClick={() => onChange({ ...recipe, filter })}
          >
            {FILTER_LABELS[filter]}
          </Button>
        ))}
      </fieldset>
    </section>
  );
}
