import { AI_MESSAGES } from '@relaycast/shared/ai';
import { useTranslation } from 'react-i18next';
import { useAiStatus } from '@/api/ai';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/i18n';

/**
 * A feed's AI rewrite: the switch and the member's own instruction (docs/feeds.md, "AI rewrite"). Without a
 * provider the switch still saves, and the section says where a provider is chosen.
 */
export function FeedAiRewrite({
  feedId,
  aiRewrite,
  aiInstruction,
  error,
  onToggle,
  onInstructionChange,
  onInstructionBlur,
}: {
  feedId: string;
  aiRewrite: boolean;
  aiInstruction: string;
  error: string | undefined;
  onToggle(aiRewrite: boolean): void;
  onInstructionChange(aiInstruction: string): void;
  onInstructionBlur(): void;
}) {
  const { t } = useTranslation('feeds');
  const status = useAiStatus();
  const instructionId = `ai-instruction-${feedId}`;
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">{t('AI rewrite')}</legend>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={aiRewrite} onChange={(event) => onToggle(event.target.checked)} />
        {t('Rewrite each item with AI')}
      </label>
      {aiRewrite ? (
        <div className="grid gap-1.5">
          <Label htmlFor={instructionId}>{t('Instruction to the AI (optional)')}</Label>
          <Textarea
            id={instructionId}
            className="min-h-16"
            placeholder={t('For example: end with a question, no emoji.')}
            value={aiInstruction}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onInstructionChange(event.target.value)}
            onBlur={onInstructionBlur}
          />
          <p className="text-xs text-muted-foreground">
            {t(
              'The AI writes each post from the item’s title, summary and link, within the shortest limit of the chosen networks. When it cannot, the post text above is used and the item says why.',
            )}
          </p>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {translateMessage(error)}
            </p>
          ) : null}
          {status.data && !status.data.isConfigured ? (
            <p role="status" className="text-sm text-amber-700 dark:text-amber-400">
              {translateMessage(AI_MESSAGES.ownerSetsProvider)}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
