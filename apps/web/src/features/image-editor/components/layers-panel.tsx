import {
  EDIT_FONTS,
  type EditFont,
  type ImageLayer,
  MAX_EDIT_DIMENSION,
  MAX_FONT_SIZE,
  MAX_IMAGE_LAYERS,
  MAX_TEXT_LAYERS,
  MAX_TEXT_LENGTH,
  MIN_FONT_SIZE,
  outputSize,
  type TextLayer,
} from '@relaycast/shared/image-edit';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaList } from '@/api/media';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import type { PanelProps } from './geometry-panel';
import { NumberField } from './number-field';

const FONT_IDS = Object.keys(EDIT_FONTS) as EditFont[];

function ColourField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <input
        id={id}
        type="color"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 w-full"
      />
    </div>
  );
}

function TextLayerFields({
  layer,
  index,
  onChange,
  onRemove,
}: {
  layer: TextLayer;
  index: number;
  onChange(next: TextLayer, key: string): void;
  onRemove(): void;
}) {
  const { t } = useTranslation('image-editor');
  const id = useId();
  return (
    <li className="grid gap-2 rounded-md border p-2" aria-label={t('Text {{number}}', { number: index + 1 })}>
      <Label htmlFor={id} className="text-xs">
        {t('Text')}
      </Label>
      <Textarea
        id={id}
        rows={2}
        maxLength={MAX_TEXT_LENGTH}
        value={layer.text}
        onChange={(event) => onChange({ ...layer, text: event.target.value }, `text-${index}`)}
      />
      <div className="grid grid-cols-2 gap-2">
        <SelectField
          size="sm"
          label={t('Font')}
          value={layer.font}
          options={FONT_IDS}
          format={(font) => EDIT_FONTS[font].label}
          onChange={(font) => onChange({ ...layer, font }, `font-${index}`)}
        />
        <NumberField
          label={t('Font size')}
          value={layer.size}
          min={MIN_FONT_SIZE}
          max={MAX_FONT_SIZE}
          onChange={(size) => onChange({ ...layer, size }, `size-${index}`)}
        />
        <NumberField
          label={t('Left')}
          value={layer.x}
          min={-8192}
          max={8192}
          onChange={(x) => onChange({ ...layer, x }, `x-${index}`)}
        />
        <NumberField
          label={t('Top')}
          value={layer.y}
          min={-8192}
          max={8192}
          onChange={(y) => onChange({ ...layer, y }, `y-${index}`)}
        />
        <ColourField
          label={t('Colour')}
          value={layer.color}
          onChange={(color) => onChange({ ...layer, color }, `color-${index}`)}
        />
        <ColourField
          label={t('Background')}
          value={layer.background ?? '#000000'}
          onChange={(background) => onChange({ ...layer, background }, `background-${index}`)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        {layer.background ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onChange({ ...layer, background: null }, `bg-${index}`)}
          >
            {t('No background')}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          {t('Remove text')}
        </Button>
      </div>
    </li>
  );
}

/** A logo's place, size (keeping its proportions) and opacity. */
function ImageLayerFields({
  layer,
  name,
  onChange,
  onRemove,
}: {
  layer: ImageLayer;
  name: string;
  onChange(next: ImageLayer, key: string): void;
  onRemove(): void;
}) {
  const { t } = useTranslation('image-editor');
  const limit = MAX_EDIT_DIMENSION;
  return (
    <li className="grid gap-2 rounded-md border p-2" aria-label={name}>
      <div className="flex items-center justify-between gap-2">
        <span className="truncate text-sm font-medium">{name}</span>
        <Button size="sm" variant="ghost" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          {t('Remove logo')}
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <NumberField
          label={t('Left')}
          value={layer.x}
          min={-limit}
          max={limit}
          onChange={(x) => onChange({ ...layer, x }, 'x')}
        />
        <NumberField
          label={t('Top')}
          value={layer.y}
          min={-limit}
          max={limit}
          onChange={(y) => onChange({ ...layer, y }, 'y')}
        />
        <NumberField
          label={t('Width')}
          value={layer.width}
          min={1}
          max={limit}
          onChange={(width) =>
            onChange(
              {
                ...layer,
                width,
                height: Math.max(1, Math.min(limit, Math.round((width * layer.height) / layer.width))),
              },
              'size',
            )
          }
        />
        <NumberField
          label={t('Opacity (%)')}
          value={Math.round(layer.opacity * 100)}
          min={0}
          max={100}
          onChange={(percent) => onChange({ ...layer, opacity: percent / 100 }, 'opacity')}
        />
      </div>
    </li>
  );
}

/** Text layers and logos or stickers from the library. */
export function LayersPanel({ recipe, source, onChange, sourceId }: PanelProps & { sourceId: string }) {
  const { t } = useTranslation('image-editor');
  const images = useMediaList({ kind: 'image' });
  const output = outputSize(source, recipe);
  const logos = (images.data?.items ?? []).filter(
    (item) => item.id !== sourceId && item.mimeType !== 'image/gif',
  );
  const setText = (index: number, next: TextLayer, key: string) =>
    onChange(
      { ...recipe, textLayers: recipe.textLayers.map((layer, i) => (i === index ? next : layer)) },
      key,
    );
  const addText = () => {
    const size = Math.max(MIN_FONT_SIZE, Math.min(MAX_FONT_SIZE, Math.round(output.height / 12)));
    const layer: TextLayer = {
      text: t('Your text'),
      font: 'sans',
      size,
      color: '#ffffff',
      background: '#000000',
      x: size,
      y: size,
    };
    onChange({ ...recipe, textLayers: [...recipe.textLayers, layer] });
  };
  const addLogo = (mediaId: string) => {
    const item = logos.find((logo) => logo.id === mediaId);
    const width = Math.max(1, Math.round(output.width / 5));
    const height =
      item?.width && item.height ? Math.max(1, Math.round((width * item.height) / item.width)) : width;
    const layer: ImageLayer = { mediaId, x: output.width - width - 16, y: 16, width, height, opacity: 1 };
    onChange({ ...recipe, imageLayers: [...recipe.imageLayers, layer] });
  };
  return (
    <section aria-label={t('Text and logos')} className="grid gap-3">
      <h2 className="text-sm font-semibold">{t('Text and logos')}</h2>
      <ul className="grid gap-2">
        {recipe.textLayers.map((layer, index) => (
          <TextLayerFields
            // biome-ignore lint/suspicious/noArrayIndexKey: layers have no id; their place is their identity
            key={index}
            layer={layer}
            index={index}
            onChange={(next, key) => setText(index, next, key)}
            onRemove={() =>
              onChange({ ...recipe, textLayers: recipe.textLayers.filter((_, i) => i !== index) })
            }
          />
        ))}
      </ul>
      <Button
        size="sm"
        variant="outline"
        disabled={recipe.textLayers.length >= MAX_TEXT_LAYERS}
        onClick={addText}
      >
        <Plus aria-hidden="true" />
        {t('Add text')}
      </Button>
      {recipe.imageLayers.length > 0 ? (
        <ul className="grid gap-2">
          {recipe.imageLayers.map((layer, index) => (
            <ImageLayerFields
              // biome-ignore lint/suspicious/noArrayIndexKey: layers have no id; their place is their identity
              key={index}
              layer={layer}
              name={logos.find((logo) => logo.id === layer.mediaId)?.name ?? t('Logo')}
              onChange={(next, key) =>
                onChange(
                  { ...recipe, imageLayers: recipe.imageLayers.map((old, i) => (i === index ? next : old)) },
                  `${key}-${index}`,
                )
              }
              onRemove={() =>
                onChange({ ...recipe, imageLayers: recipe.imageLayers.filter((_, i) => i !== index) })
              }
            />
          ))}
        </ul>
      ) : null}
      {logos.length > 0 && recipe.imageLayers.length < MAX_IMAGE_LAYERS ? (
        <SelectField
          size="sm"
          label={t('Add a logo or sticker from the library')}
          value=""
          options={['', ...logos.map((logo) => logo.id)]}
          format={(id) => (id ? (logos.find((logo) => logo.id === id)?.name ?? id) : t('Choose an image'))}
          onChange={(id) => id && addLogo(id)}
        />
      ) : null}
    </section>
  );
}
