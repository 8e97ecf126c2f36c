import { PLATFORMS, textLengthFor } from '@relaycast/shared/platforms';
import { Check, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '@/components/platform-icon';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import type { VariantDraft } from '../hooks/use-ai-generation';

interface AiVariantCardProps {
  draft: VariantDraft;
  isBusy: boolean;
  canUse: boolean;
  onEdit(text: string): void;
  onUse(): void;
  onRegenerate(): void;
}

/** One platform's generated text: live while written, then editable in place, with Use and Regenerate. */
export function AiVariantCard({ draft, isBusy, canUse, onEdit, onUse, onRegenerate }: AiVariantCardProps) {
  const { t } = useTranslation('ai-assistant');
  const id = useId();
  const rules = PLATFORMS[draft.platform];
  const length = textLengthFor(draft.platform, draft.text);
  const isOver = length > rules.maxLength;
  const isWriting = draft.status !== 'ready';
  return (
    <article aria-labelledby={`${id}-title`} className="grid gap-2 rounded-lg border bg-card p-3">
      <div className="flex items-center justify-between gap-2">
        <h4 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
          <PlatformIcon platform={draft.platform} />
          {rules.name}
        </h4>
        <span className={cn('text-xs', isOver ? 'text-destructive' : 'text-muted-foreground')}>
          {length} / {rules.maxLength}
        </span>
      </div>
      {isWriting ? (
        <output
          aria-label={t('Text for {{platform}}', { platform: rules.name })}
          className="block min-h-16 rounded-md bg-muted p-2 text-sm whitespace-pre-wrap"
        >
          {draft.text}
          <span className="ml-0.5 inline-block animate-pulse" aria-hidden="true">
            ▍
          </span>
        </output>
      ) : (
        <Textarea
          aria-label={t('Text for {{platform}}', { platform: rules.name })}
          rows={4}
          className="min-h-24"
          value={draft.text}
          onChange={(event) => onEdit(event.target.value)}
        />
      )}
      {draft.status === 'shortening' ? (
        <p className="text-xs text-muted-foreground">
          {t('Too long for {{platform}}: shortening…', { platform: rules.name })}
        </p>
      ) : null}
      {draft.result?.wasShortened && !draft.result.warning ? (
        <p className="text-xs text-muted-foreground">
          {t('Shortened to fit {{platform}}.', { platform: rules.name })}
        </p>
      ) : null}
      {draft.result?.warning ? <p className="text-xs text-destructive">{draft.result.warning}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onUse} disabled={isWriting || !canUse || !draft.text.trim()}>
          <Check aria-hidden="true" />
          <span aria-hidden="true">{t('Use')}</span>
          <span className="sr-only">{t('Use for {{platform}}', { platform: rules.name })}</span>
        </Button>
        <Button size="sm" variant="outline" onClick={onRegenerate} disabled={isBusy}>
          <RefreshCw aria-hidden="true" />
          <span aria-hidden="true">{t('Regenerate')}</span>
          <span className="sr-only">{t('Regenerate for {{platform}}', { platform: rules.name })}</span>
        </Button>
      </div>
    </article>
  );
}
