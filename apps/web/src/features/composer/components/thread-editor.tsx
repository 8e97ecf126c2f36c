import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { MAX_THREAD_PARTS, supportsThreads } from '@relaycast/shared/threads';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { AttachedMedia } from '@/lib/post-form';
import { CharacterCounter } from './character-counter';
import { ThreadPartMedia } from './thread-part-media';

/**
 * "Add to thread" (docs/threads.md): parts 2..N of a thread, shown when a chosen platform publishes threads (X,
 * Threads, Bluesky, Mastodon). The parts are shared by those platforms, each counted against each one's limit;
 * the other platforms get the post's text (part 1) only.
 */
// function-budget: one part's text, counters, media and move/remove controls are one list item of one JSX tree
export function ThreadEditor({
  platforms,
  parts,
  media: partMedia = [],
  onChange,
  shortLinkBase,
}: {
  platforms: readonly PlatformId[];
  parts: readonly string[];
  /** Each part's files (index 0 = part 2); they move and go with their part. */
  media?: readonly (readonly AttachedMedia[])[];
  onChange(parts: string[], media: AttachedMedia[][]): void;
  shortLinkBase?: string | null;
}) {
  const { t } = useTranslation('composer');
  const id = useId();
  const threadPlatforms = platforms.filter(supportsThreads);
  if (threadPlatforms.length === 0) return null;
  const others = platforms.filter((platform) => !supportsThreads(platform));
  const names = (list: readonly PlatformId[]) => list.map((platform) => PLATFORMS[platform].name).join(', ');
  const media = parts.map((_, index) => [...(partMedia[index] ?? [])]);
  const set = (index: number, text: string) =>
    onChange(
      parts.map((part, at) => (at === index ? text : part)),
      media,
    );
  const setMedia = (index: number, files: AttachedMedia[]) =>
    onChange(
      [...parts],
      media.map((list, at) => (at === index ? files : list)),
    );
  const move = (index: number, by: -1 | 1) => {
    const next = [...parts];
    const nextMedia = [...media];
    const [part] = next.splice(index, 1);
    const [files] = nextMedia.splice(index, 1);
    next.splice(index + by, 0, part ?? '');
    nextMedia.splice(index + by, 0, files ?? []);
    onChange(next, nextMedia);
  };
  const canAdd = parts.length + 1 < MAX_THREAD_PARTS;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <h2 id={`${id}-title`} className="font-semibold">
        {parts.length > 0 ? t('Thread of {{number}}', { number: parts.length + 1 }) : t('Thread')}
      </h2>
      <p className="text-sm text-muted-foreground">
        {t('Each part is posted as a reply to the one before it on {{platforms}}.', {
          platforms: names(threadPlatforms),
        })}
        {others.length > 0
          ? ` ${t('{{platforms}} get the first part only.', { platforms: names(others) })}`
          : null}
      </p>
      <ol className="grid gap-4">
        {parts.map((part, index) => {
          const label = t('Part {{number}}', { number: index + 2 });
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are plain texts; their place is their identity
            <li key={index} className="grid gap-2 border-l-2 border-primary/40 pl-3">
              <div className="flex items-center gap-2">
                <label htmlFor={`${id}-${index}`} className="flex-1 text-sm font-medium">
                  {label}
                </label>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('Move {{part}} up', { part: label })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('Move {{part}} down', { part: label })}
                  disabled={index === parts.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('Remove {{part}}', { part: label })}
                  onClick={() =>
                    onChange(
                      parts.filter((_, at) => at !== index),
                      media.filter((_, at) => at !== index),
                    )
                  }
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
              <textarea
                id={`${id}-${index}`}
                value={part}
                rows={3}
                onChange={(event) => set(index, event.target.value)}
                className="w-full rounded-md border bg-background px-3 py-2 text-sm"
              />
              <div className="grid gap-2">
                {threadPlatforms.map((platform) => (
                  <CharacterCounter
                    key={platform}
                    platform={platform}
                    text={part}
                    shortLinkBase={shortLinkBase}
                  />
                ))}
              </div>
              <ThreadPartMedia
                label={label}
                media={media[index] ?? []}
                platforms={threadPlatforms}
                onChange={(files) => setMedia(index, files)}
              />
            </li>
          );
        })}
      </ol>
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={!canAdd}
        onClick={() => onChange([...parts, ''], [...media, []])}
      >
        <Plus className="size-4" aria-hidden="true" />
        {t('Add to thread')}
      </Button>
    </section>
  );
}
