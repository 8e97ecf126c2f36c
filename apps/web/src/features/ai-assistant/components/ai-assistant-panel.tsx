import { AI_MESSAGES, type AiStatus, MAX_AI_PROMPT } from '@relaycast/shared/ai';
import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAiSettings, useAiStatus } from '@/api/ai';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { formatNumber, translateMessage } from '@/i18n';
import type { ComposerBridge } from '@/lib/composer-bridge';
import { AiHashtags, AiHistory, AiIdeas } from './ai-extras';
import { AiGenerateForm } from './ai-generate-form';
import { AiSelectionTools } from './ai-selection-tools';

/** The server-side way to set a provider up, word for word, for whoever runs the server. */
function ServerSetupInstructions({ instructions }: { instructions: NonNullable<AiStatus['instructions']> }) {
  const { t } = useTranslation('ai-assistant');
  return (
    <div className="grid gap-2 text-sm">
      <p>{translateMessage(instructions.message)}</p>
      <p>
        {t('Variables:')}{' '}
        {instructions.variables.map((name, index) => (
          <span key={name}>
            {index > 0 ? ', ' : ''}
            <code className="rounded bg-muted px-1">{name}</code>
          </span>
        ))}
      </p>
      <p>{translateMessage(AI_MESSAGES.ollamaIntro)}</p>
      <pre className="overflow-x-auto rounded-md bg-muted p-2 text-xs whitespace-pre-wrap">
        {instructions.ollamaExample}
      </pre>
    </div>
  );
}

/**
 * The prompt the home page sent, kept while no provider is set up: in the assistant's prompt field, with a way
 * to start the post from it by hand (docs/decisions/0071-one-composer-with-the-assistant.md).
 */
function KeptPrompt({ aiPrompt, composer }: { aiPrompt: string; composer: ComposerBridge }) {
  const { t } = useTranslation('ai-assistant');
  const ids = useId();
  const [prompt, setPrompt] = useState(aiPrompt);
  return (
    <div className="grid gap-1.5 rounded-md border bg-muted/40 p-3">
      <Label htmlFor={`${ids}-prompt`}>{t('What should the post say?')}</Label>
      <Textarea
        id={`${ids}-prompt`}
        rows={3}
        className="min-h-20 bg-background"
        value={prompt}
        maxLength={MAX_AI_PROMPT}
        aria-describedby={`${ids}-kept`}
        onChange={(event) => setPrompt(event.target.value)}
      />
      <p id={`${ids}-kept`} className="text-xs text-muted-foreground">
        {t('Your idea is kept here: once a provider is set up, Generate writes the post from it.')}
      </p>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={composer.isLocked || !prompt.trim()}
          onClick={() => composer.appendText(prompt.trim())}
        >
          {t('Start the post from it')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Without a provider: a workspace owner or admin is sent to Settings (the server's variables folded below); a
 * member is told to ask the workspace owner, and sees nothing meant for the server's administrator. The home
 * page's prompt stays in view either way.
 */
function AiNotSetUp({
  instructions,
  aiPrompt,
  composer,
}: {
  instructions: NonNullable<AiStatus['instructions']>;
  aiPrompt?: string;
  composer: ComposerBridge;
}) {
  const { t } = useTranslation('ai-assistant');
  const settings = useAiSettings();
  const kept = aiPrompt ? <KeptPrompt aiPrompt={aiPrompt} composer={composer} /> : null;
  if (settings.isPending) return <Spinner label={t('Checking the AI assistant')} />;
  if (!settings.data?.canEdit) {
    return (
      <div className="mt-3 grid gap-3 text-sm">
        <p>{translateMessage(AI_MESSAGES.askOwnerForProvider)}</p>
        {kept}
      </div>
    );
  }
  return (
    <div className="mt-3 grid gap-3 text-sm">
      <p>{translateMessage(AI_MESSAGES.ownerSetsProvider)}</p>
      {kept}
      <div>
        <Button asChild size="sm">
          <Link to="/settings">{t('Open Settings')}</Link>
        </Button>
      </div>
      <details className="rounded-md border p-3">
        <summary className="cursor-pointer font-medium">
          {translateMessage(AI_MESSAGES.serverSetupIntro)}
        </summary>
        <div className="mt-2">
          <ServerSetupInstructions instructions={instructions} />
        </div>
      </details>
    </div>
  );
}

/**
 * The AI assistant beside the composer: generate variants from a prompt (streamed), edit the selected text,
 * hashtags, ideas from an article and the workspace's recent generations.
 */
export function AiAssistantPanel({ aiPrompt, composer }: { aiPrompt?: string; composer: ComposerBridge }) {
  const { t } = useTranslation('ai-assistant');
  const ids = useId();
  const status = useAiStatus();
  return (
    <section aria-labelledby={`${ids}-heading`} className="rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${ids}-heading`} className="flex items-center gap-2 font-semibold">
          <Sparkles aria-hidden="true" className="size-4 text-primary" />
          {t('AI assistant')}
        </h2>
        {status.data?.isConfigured ? (
          <span className="text-xs text-muted-foreground">
            {t('{{used}} / {{limit}} this hour', {
              used: formatNumber(status.data.usedThisHour),
              limit: formatNumber(status.data.hourlyLimit),
            })}
          </span>
        ) : null}
      </div>
      {status.isPending ? (
        <div className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner label={t('Checking the AI assistant')} />
        </div>
      ) : status.isError ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {status.error.message}
        </p>
      ) : status.data.instructions ? (
        <AiNotSetUp instructions={status.data.instructions} aiPrompt={aiPrompt} composer={composer} />
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
