import { AI_MESSAGES, type AiStatus } from '@relaycast/shared/ai';
import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useAiStatus } from '@/api/ai';
import { Spinner } from '@/components/ui/spinner';
import type { ComposerBridge } from '@/lib/composer-bridge';
import { AiHashtags, AiHistory, AiIdeas } from './ai-extras';
import { AiGenerateForm } from './ai-generate-form';
import { AiSelectionTools } from './ai-selection-tools';

/** How to set a provider up, word for word (the rest of the composer works without one). */
function AiSetupInstructions({ instructions }: { instructions: NonNullable<AiStatus['instructions']> }) {
  return (
    <div className="mt-3 grid gap-2 text-sm">
      <p>{instructions.message}</p>
      <p>
        Variables:{' '}
        {instructions.variables.map((name, index) => (
          <span key={name}>
            {index > 0 ? ', ' : ''}
            <code className="rounded bg-muted px-1">{name}</code>
          </span>
        ))}
      </p>
      <p>{AI_MESSAGES.ollamaIntro}</p>
      <pre className="overflow-x-auto rounded-md bg-muted p-2 text-xs whitespace-pre-wrap">
        {instructions.ollamaExample}
      </pre>
    </div>
  );
}

/**
 * The AI assistant beside the composer: generate variants from a prompt (streamed), edit the selected text,
 * hashtags, ideas from an article and the workspace's recent generations.
 */
export function AiAssistantPanel({ aiPrompt, composer }: { aiPrompt?: string; composer: ComposerBridge }) {
  const ids = useId();
  const status = useAiStatus();
  return (
    <section aria-labelledby={`${ids}-heading`} className="rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${ids}-heading`} className="flex items-center gap-2 font-semibold">
          <Sparkles aria-hidden="true" className="size-4 text-primary" />
          AI assistant
        </h2>
        {status.data?.isConfigured ? (
          <span className="text-xs text-muted-foreground">
            {status.data.usedThisHour} / {status.data.hourlyLimit} this hour
          </span>
        ) : null}
      </div>
      {status.isPending ? (
        <div className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner label="Checking the AI assistant" />
        </div>
      ) : status.isError ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {status.error.message}
        </p>
      ) : status.data.instructions ? (
        <AiSetupInstructions instructions={status.data.instructions} />
      ) : (
        <div className="mt-3 grid gap-5">
          <AiGenerateForm aiPrompt={aiPrompt} composer={composer} />
          <hr />
          <AiSelectionTools composer={composer} />
          <div className="grid gap-3">
            <AiHashtags composer={composer} />
            <AiIdeas />
            <AiHistory composer={composer} />
          </div>
        </div>
      )}
    </section>
  );
}
