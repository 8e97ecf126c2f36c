import {
  AI_LANGUAGES,
  AI_LENGTHS,
  AI_MESSAGES,
  AI_TONES,
  type AiGenerateInput,
  type AiLanguage,
  type AiLength,
  type AiTone,
} from '@relaycast/shared/ai';
import { PLATFORM_IDS, PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { Sparkles, Square } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { capitalize, SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/i18n';
import type { ComposerBridge } from '@/lib/composer-bridge';
import { useAiGeneration } from '../hooks/use-ai-generation';
import { useWriteFor } from '../hooks/use-write-for';
import { AiVariantCard } from './ai-variant-card';

/**
 * "Write for": a checkbox per network, ticked for those the composer has picked (hooks/use-write-for.ts); a
 * line under it says so while the composer has some.
 */
function WriteForField({
  platforms,
  followsComposer,
  onToggle,
}: {
  platforms: readonly PlatformId[];
  followsComposer: boolean;
  onToggle(platform: PlatformId, checked: boolean): void;
}) {
  const { t } = useTranslation('ai-assistant');
  const ids = useId();
  return (
    <fieldset className="grid gap-1.5" aria-describedby={followsComposer ? `${ids}-follows` : undefined}>
      <legend className="mb-1 text-sm font-medium">{t('Write for')}</legend>
      <div className="flex flex-wrap gap-x-3 gap-y-1.5">
        {PLATFORM_IDS.map((platform) => (
          <label key={platform} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              checked={platforms.includes(platform)}
              onChange={(event) => onToggle(platform, event.target.checked)}
            />
            {PLATFORMS[platform].name}
          </label>
        ))}
      </div>
      {followsComposer ? (
        <p id={`${ids}-follows`} className="text-xs text-muted-foreground">
          {t('Follows the networks picked for the post.')}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Prompt, options, Generate with live tokens and Stop, then one variant per chosen platform. */
// function-budget: AiGenerateForm lays out one screen part in one JSX tree; split into named parts when it next changes
export function AiGenerateForm({ aiPrompt, composer }: { aiPrompt?: string; composer: ComposerBridge }) {
  const { t } = useTranslation('ai-assistant');
  const ids = useId();
  const [prompt, setPrompt] = useState(aiPrompt ?? '');
  const writeFor = useWriteFor(composer.platforms);
  const { platforms } = writeFor;
  const [tone, setTone] = useState<AiTone>('friendly');
  const [length, setLength] = useState<AiLength>('medium');
  const [language, setLanguage] = useState<AiLanguage>('English');
  const [hashtags, setHashtags] = useState(true);
  const [emoji, setEmoji] = useState(false);
  const [callToAction, setCallToAction] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const generation = useAiGeneration();
  const { state } = generation;

  function input(only?: PlatformId): AiGenerateInput {
    return {
      prompt,
      platforms: only ? [only] : platforms,
      tone,
      length,
      language,
      hashtags,
      emoji,
      callToAction,
    };
  }

  function start() {
    if (!prompt.trim()) return setProblem(AI_MESSAGES.promptRequired);
    if (platforms.length === 0) return setProblem(AI_MESSAGES.platformRequired);
    setProblem(null);
    void generation.generate(input());
  }

  return (
    <div className="grid gap-4">
      <form
        className="grid gap-3"
        aria-label={t('Generate a post')}
        onSubmit={(event) => {
          event.preventDefault();
          start();
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-prompt`}>{t('What should the post say?')}</Label>
          <Textarea
            id={`${ids}-prompt`}
            rows={3}
            className="min-h-20"
            value={prompt}
            maxLength={2000}
            placeholder={t('e.g. Announce our new oat latte, available from Monday')}
            aria-invalid={problem === AI_MESSAGES.promptRequired ? true : undefined}
            onChange={(event) => setPrompt(event.target.value)}
          />
        </div>
        <WriteForField
          platforms={platforms}
          followsComposer={composer.platforms.length > 0}
          onToggle={writeFor.toggle}
        />
        <div className="grid grid-cols-3 gap-2">
          <SelectField
            label={t('Tone')}
            value={tone}
            options={AI_TONES}
            onChange={setTone}
            format={(option) => t(capitalize(option))}
          />
          <SelectField
            label={t('Length')}
            value={length}
            options={AI_LENGTHS}
            onChange={setLength}
            format={(option) => t(capitalize(option))}
          />
          <SelectField
            label={t('Language')}
            value={language}
            options={AI_LANGUAGES}
            onChange={setLanguage}
            format={(option) => t(option)}
          />
        </div>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-1.5">
            <input type="checkbox" checked={hashtags} onChange={(e) => setHashtags(e.target.checked)} />
            {t('Hashtags')}
          </label>
          <label className="flex items-center gap-1.5">
            <input type="checkbox" checked={emoji} onChange={(e) => setEmoji(e.target.checked)} />
            {t('Emoji')}
          </label>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${ids}-cta`}>{t('Call to action (optional)')}</Label>
          <Input
            id={`${ids}-cta`}
            value={callToAction}
            maxLength={200}
            placeholder={t('e.g. Book a table')}
            onChange={(event) => setCallToAction(event.target.value)}
          />
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {translateMessage(problem)}
          </p>
        ) : null}
        {state.isRunning ? (
          // Distinct keys: reusing one <button> would turn Stop into a submit button mid-click and start again.
          <Button key="stop" type="button" variant="outline" onClick={generation.stop}>
            <Square aria-hidden="true" />
            {t('Stop')}
          </Button>
        ) : (
          <Button key="generate" type="submit" disabled={composer.isLocked}>
            <Sparkles aria-hidden="true" />
            {t('Generate')}
          </Button>
        )}
      </form>

      {state.error ? (
        <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm text-destructive">
          {translateMessage(state.error)}
        </p>
      ) : null}
      {state.wasStopped ? (
        <p className="text-sm text-muted-foreground">{translateMessage(AI_MESSAGES.stopped)}</p>
      ) : null}
      {state.variants.length > 0 ? (
        <ul aria-label={t('Generated variants')} className="grid gap-3">
          {state.variants.map((draft) => (
            <li key={draft.platform}>
              <AiVariantCard
                draft={draft}
                isBusy={state.isRunning}
                canUse={!composer.isLocked}
                onEdit={(text) => generation.edit(draft.platform, text)}
                onUse={() => composer.applyText(draft.platform, draft.text, state.variants.length === 1)}
                onRegenerate={() => void generation.generate(input(draft.platform), { keepOthers: true })}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
