import {
  AI_IMAGE_MESSAGES,
  AI_IMAGE_SIZE_LABELS,
  AI_IMAGE_SIZES,
  type AiImageSize,
  aiImageInputSchema,
} from '@relaycast/shared/ai-images';
import type { MediaItem } from '@relaycast/shared/media';
import type { PlatformId } from '@relaycast/shared/platforms';
import { LoaderCircle, Sparkles } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiImageStatus, useGenerateAiImage } from '@/api/ai';
import { AiImageCrops } from '@/components/ai-image-crops';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';

/**
 * Generate an image from a description through the workspace's AI provider (docs/ai-images.md); the picture
 * lands in the library. Without an image-capable provider the panel says what to set. Shared by the media
 * library and the composer's library dialog (which attaches the new file); its words are the library's catalog.
 * Once an image is made, "Crop to <shape>" offers the picked `platforms`' shapes (ai-image-crops.tsx).
 */
export function AiImagePanel({
  onGenerated,
  platforms,
  onCropped,
}: {
  onGenerated?(item: MediaItem): void;
  /** The post's platforms, whose shapes the crops offer; every preset without them. */
  platforms?: readonly PlatformId[];
  /** A cropped copy of the generated image was saved (the original is `generated`). */
  onCropped?(cropped: MediaItem, generated: MediaItem): void;
}) {
  const { t } = useTranslation('media-library');
  const status = useAiImageStatus();
  const generate = useGenerateAiImage();
  const [prompt, setPrompt] = useState('');
  const [size, setSize] = useState<AiImageSize>('1024x1024');
  const [error, setError] = useState<string | null>(null);
  const [generated, setGenerated] = useState<MediaItem | null>(null);
  const promptId = useId();
  const errorId = `${promptId}-error`;
  const isConfigured = status.data?.isConfigured ?? false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React passes a submit on to the forms around the panel (the composer's, through its dialog): not theirs.
    event.stopPropagation();
    const parsed = aiImageInputSchema.safeParse({ prompt, size });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? AI_IMAGE_MESSAGES.promptRequired);
      return;
    }
    setError(null);
    generate.mutate(parsed.data, {
      onSuccess: (item) => {
        toast.success(translateMessage(AI_IMAGE_MESSAGES.generated));
        setPrompt('');
        setGenerated(item);
        onGenerated?.(item);
      },
      onError: (failure) => showError(failure),
    });
  };

  return (
    <section aria-labelledby={`${promptId}-heading`} className="grid gap-3 rounded-xl border p-4">
      <h2 id={`${promptId}-heading`} className="flex items-center gap-2 font-semibold">
        <Sparkles aria-hidden="true" className="size-4" />
        {t('Generate an image with AI')}
      </h2>
      {status.data && !isConfigured ? (
        <p role="note" className="rounded-lg bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
          {translateMessage(status.data.message ?? AI_IMAGE_MESSAGES.notConfigured)}
        </p>
      ) : null}
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <div className="grid gap-1.5">
          <Label htmlFor={promptId}>{t('Describe the image')}</Label>
          <Textarea
            id={promptId}
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
            className="min-h-20"
            disabled={!isConfigured || generate.isPending}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder={t('A cup of coffee on a wooden table, morning light')}
          />
          {error ? (
            <p id={errorId} className="text-sm text-destructive">
              {translateMessage(error)}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SelectField
            label={t('Shape')}
            value={size}
            options={AI_IMAGE_SIZES}
            onChange={setSize}
            format={(option) => t(AI_IMAGE_SIZE_LABELS[option])}
            disabled={!isConfigured || generate.isPending}
            className="sm:max-w-56"
          />
          <Button type="submit" disabled={!isConfigured || generate.isPending}>
            {generate.isPending ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Sparkles aria-hidden="true" />
            )}
            {generate.isPending ? t('Generating…') : t('Generate image')}
          </Button>
        </div>
        {status.data?.model ? (
          <p className="text-xs text-muted-foreground">
            {t('Made by {{model}}; it counts against your AI requests per hour.', {
              model: status.data.model,
            })}
          </p>
        ) : null}
      </form>
      {generated ? (
        <AiImageCrops
          image={generated}
          platforms={platforms}
          onCropped={(cropped) => onCropped?.(cropped, generated)}
        />
      ) : null}
    </section>
  );
}
