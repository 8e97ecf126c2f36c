import {
  AI_LANGUAGES,
  AI_MESSAGES,
  AI_TONES,
  AI_TRANSFORM_LABELS,
  type AiLanguage,
  type AiTone,
  type AiTransform,
} from '@relaycast/shared/ai';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiTransform } from '@/api/ai';
import { Button } from '@/components/ui/button';
import { capitalize, SelectField } from '@/components/ui/select-field';
import { translateMessage } from '@/i18n';
import type { ComposerBridge } from '@/lib/composer-bridge';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';

const ACTIONS: AiTransform[] = ['shorten', 'expand', 'rephrase', 'fix-grammar'];

/** Shorten, Expand, Rephrase, Fix grammar, Translate or Change tone the text selected in the post. */
export function AiSelectionTools({ composer }: { composer: ComposerBridge }) {
  const { t } = useTranslation('ai-assistant');
  const ids = useId();
  const transform = useAiTransform();
  const [language, setLanguage] = useState<AiLanguage>('Spanish');
  const [tone, setTone] = useState<AiTone>('professional');
  const selected = composer.selection.text;
  const canRun = selected.trim().length > 0 && !transform.isPending && !composer.isLocked;
  const onlyPlatform = composer.platforms.length === 1 ? composer.platforms[0] : undefined;

  async function run(action: AiTransform) {
    try {
      const result = await transform.mutateAsync({
        text: selected,
        action,
        ...(action === 'translate' ? { language } : {}),
        ...(action === 'change-tone' ? { tone } : {}),
        ...(onlyPlatform ? { platform: onlyPlatform } : {}),
      });
      composer.replaceSelection(result.text);
      toast.success(t('{{action}}: done', { action: t(AI_TRANSFORM_LABELS[action]) }));
    } catch (error) {
      showError(error, translateMessage(AI_MESSAGES.providerFailed));
    }
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="grid gap-2">
      <h3 id={`${ids}-title`} className="text-sm font-semibold">
        {t('Edit the selected text')}
      </h3>
      <p className="text-xs text-muted-foreground">
        {selected.trim()
          ? t('{{count}} characters selected in the post text.', { count: selected.length })
          : t('Select part of the post text first.')}
      </p>
      <div className="flex flex-wrap gap-2">
        {ACTIONS.map((action) => (
          <Button
            key={action}
            size="sm"
            variant="outline"
            disabled={!canRun}
            onClick={() => void run(action)}
          >
            {t(AI_TRANSFORM_LABELS[action])}
          </Button>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          size="sm"
          label={t('Language')}
          value={language}
          options={AI_LANGUAGES}
          onChange={setLanguage}
          format={(option) => t(option)}
        />
        <Button size="sm" variant="outline" disabled={!canRun} onClick={() => void run('translate')}>
          {t('Translate')}
        </Button>
        <SelectField
          size="sm"
          label={t('New tone')}
          value={tone}
          options={AI_TONES}
          onChange={setTone}
          format={(option) => t(capitalize(option))}
        />
        <Button size="sm" variant="outline" disabled={!canRun} onClick={() => void run('change-tone')}>
          {t('Change tone')}
        </Button>
      </div>
    </section>
  );
}
