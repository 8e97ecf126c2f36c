import type { AiHistoryEntry } from '@relaycast/shared/ai';
import { PLATFORMS } from '@relaycast/shared/platforms';
import { Hash, History, Lightbulb } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiHashtags, useAiHistory, useAiIdeas } from '@/api/ai';
import { useTimeZone } from '@/api/settings';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { capitalize } from '@/components/ui/select-field';
import type { ComposerBridge } from '@/lib/composer-bridge';
import { formatDateTime } from '@/lib/time-zone';

/** How the history names a run's kind and status (the codes stay in the data). */
const KIND_LABELS: Record<AiHistoryEntry['kind'], string> = {
  generate: 'generate',
  transform: 'transform',
  hashtags: 'hashtags',
  ideas: 'ideas',
  image: 'image',
};
const STATUS_LABELS: Record<AiHistoryEntry['status'], string> = {
  running: 'running',
  done: 'done',
  failed: 'failed',
  stopped: 'stopped',
};

/** The start of a web address, the same in every language (not translated). */
const URL_EXAMPLE = 'https://…';

const summaryClass = 'flex cursor-pointer items-center gap-2 text-sm font-semibold';

/** Hashtag suggestions for the current post text; a click adds one to the text. */
export function AiHashtags({ composer }: { composer: ComposerBridge }) {
  const { t } = useTranslation('ai-assistant');
  const hashtags = useAiHashtags();
  const onlyPlatform = composer.platforms.length === 1 ? composer.platforms[0] : undefined;
  return (
    <details className="group">
      <summary className={summaryClass}>
        <Hash aria-hidden="true" className="size-4" />
        {t('Hashtag suggestions')}
      </summary>
      <div className="mt-2 grid gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={!composer.content.trim() || hashtags.isPending}
          onClick={() =>
            hashtags.mutate({ text: composer.content, ...(onlyPlatform ? { platform: onlyPlatform } : {}) })
          }
        >
          {t('Suggest hashtags')}
        </Button>
        {hashtags.error ? (
          <p role="alert" className="text-sm text-destructive">
            {hashtags.error.message}
          </p>
        ) : null}
        {hashtags.data ? (
          <ul aria-label={t('Suggested hashtags')} className="flex flex-wrap gap-1.5">
            {hashtags.data.hashtags.map((tag) => (
              <li key={tag}>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => composer.appendText(tag)}
                  aria-label={t('Add {{tag}}', { tag })}
                >
                  {tag}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </details>
  );
}

/** Three post ideas from an article the server reads. */
export function AiIdeas() {
  const { t } = useTranslation('ai-assistant');
  const ids = useId();
  const ideas = useAiIdeas();
  const [url, setUrl] = useState('');
  return (
    <details>
      <summary className={summaryClass}>
        <Lightbulb aria-hidden="true" className="size-4" />
        {t('Ideas from an article')}
      </summary>
      <form
        className="mt-2 grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (url.trim()) ideas.mutate(url.trim());
        }}
      >
        <Label htmlFor={`${ids}-url`}>{t('Article address')}</Label>
        <Input
          id={`${ids}-url`}
          type="url"
          inputMode="url"
          placeholder={URL_EXAMPLE}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <Button type="submit" size="sm" variant="outline" disabled={!url.trim() || ideas.isPending}>
          {t('Get three ideas')}
        </Button>
        {ideas.error ? (
          <p role="alert" className="text-sm text-destructive">
            {ideas.error.message}
          </p>
        ) : null}
        {ideas.data ? (
          <ol
            aria-label={t('Ideas from {{title}}', { title: ideas.data.title })}
            className="grid list-decimal gap-1.5 pl-5 text-sm"
          >
            {ideas.data.ideas.map((idea) => (
              <li key={idea}>{idea}</li>
            ))}
          </ol>
        ) : null}
      </form>
    </details>
  );
}

function historyText(entry: AiHistoryEntry): string {
  if (entry.variants.length > 0) {
    return entry.variants.map((variant) => `${PLATFORMS[variant.platform].name}: ${variant.text}`).join('\n');
  }
  return entry.resultText;
}

/** The workspace's recent generations: the prompt, its options and the result, to copy from. */
export function AiHistory({ composer }: { composer: ComposerBridge }) {
  const { t } = useTranslation('ai-assistant');
  const [isOpen, setIsOpen] = useState(false);
  const history = useAiHistory(isOpen);
  const timeZone = useTimeZone();
  return (
    <details onToggle={(event) => setIsOpen(event.currentTarget.open)}>
      <summary className={summaryClass}>
        <History aria-hidden="true" className="size-4" />
        {t('Recent generations')}
      </summary>
      <div className="mt-2">
        {history.isPending && isOpen ? (
          <p className="text-sm text-muted-foreground">{t('Loading…')}</p>
        ) : null}
        {history.data?.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('Nothing generated yet.')}</p>
        ) : null}
        <ul aria-label={t('Recent generations')} className="grid gap-2">
          {history.data?.items.slice(0, 8).map((entry) => (
            <li key={entry.id} className="rounded-md border p-2 text-xs">
              <p className="font-medium">
                {entry.kind === 'generate'
                  ? entry.prompt
                  : `${t(KIND_LABELS[entry.kind])}: ${entry.prompt.slice(0, 80)}`}
              </p>
              <p className="text-muted-foreground">
                {formatDateTime(entry.createdAt, timeZone)} · {t(STATUS_LABELS[entry.status])}
                {typeof entry.options.tone === 'string' ? ` · ${t(capitalize(entry.options.tone))}` : ''}
              </p>
              {historyText(entry) ? (
                <p className="mt-1 line-clamp-3 whitespace-pre-wrap">{historyText(entry)}</p>
              ) : null}
              {entry.variants.map((variant) => (
                <Button
                  key={variant.platform}
                  size="sm"
                  variant="ghost"
                  className="mt-1 h-7 px-2 text-xs"
                  disabled={composer.isLocked}
                  onClick={() =>
                    composer.applyText(variant.platform, variant.text, entry.variants.length === 1)
                  }
                >
                  {t('Use for {{platform}}', { platform: PLATFORMS[variant.platform].name })}
                </Button>
              ))}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
