import type { SocialAccount } from '@relaycast/shared/accounts';
import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { contentFor } from '@relaycast/shared/posts';
import { supportsThreads } from '@relaycast/shared/threads';
import { Eye } from 'lucide-react';
import { type KeyboardEvent, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '@/components/platform-icon';
import { cn } from '@/lib/cn';
import type { AttachedMedia, PostFormValues } from '@/lib/post-form';
import { effectiveAccounts } from './account-picker';
import { NetworkPreview } from './network-preview';
import type { OnMeasured } from './preview-media';

interface PostPreviewProps {
  values: PostFormValues;
  authorName: string;
  /** The workspace's connected accounts: the header shows the one picked for each network. */
  accounts: readonly SocialAccount[];
}

type Size = { width: number; height: number };

/**
 * The attached media with a size for each file: the server's measure, else the one the browser took when the
 * image loaded (a server without ffmpeg cannot measure).
 */
function useMeasuredMedia(media: readonly AttachedMedia[]): [AttachedMedia[], OnMeasured] {
  const [measured, setMeasured] = useState<ReadonlyMap<string, Size>>(new Map());
  const onMeasured = useCallback<OnMeasured>((id, size) => {
    setMeasured((current) => (current.has(id) ? current : new Map(current).set(id, size)));
  }, []);
  const sized = useMemo(
    () =>
      media.map((item) => {
        const size = measured.get(item.id);
        return item.width === null || item.height === null ? { ...item, ...size } : item;
      }),
    [media, measured],
  );
  return [sized, onMeasured];
}

/** The account a network's preview is by: the first picked (or the only connected one), else none. */
function accountFor(platform: PlatformId, values: PostFormValues, accounts: readonly SocialAccount[]) {
  const [id] = effectiveAccounts(platform, values.accounts, accounts);
  return accounts.find((account) => account.id === id) ?? null;
}

/**
 * How the post reads on each chosen platform, one tab each: drawn as that network draws it (its frame, its
 * fold, its link card, the account's name and avatar; docs/post-previews.md).
 */
export function PostPreview({ values, authorName, accounts }: PostPreviewProps) {
  const { t } = useTranslation('composer');
  const baseId = useId();
  const [chosen, setChosen] = useState<PlatformId | null>(null);
  const tabs = useRef<Map<PlatformId, HTMLButtonElement>>(new Map());
  const platforms = values.platforms;
  const active = chosen && platforms.includes(chosen) ? chosen : platforms[0];
  const [media, onMeasured] = useMeasuredMedia(values.media);

  if (!active) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
        <Eye aria-hidden="true" className="size-5" />
        {t('Choose a platform to see a preview of your post.')}
      </div>
    );
  }

  function onKeyDown(event: KeyboardEvent) {
    const index = platforms.indexOf(active as PlatformId);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = platforms[(index + step + platforms.length) % platforms.length];
    if (next) {
      setChosen(next);
      tabs.current.get(next)?.focus();
    }
  }

  return (
    <div className="grid min-w-0 gap-3">
      <div role="tablist" aria-label={t('Preview on')} className="flex flex-wrap gap-1" onKeyDown={onKeyDown}>
        {platforms.map((platform) => (
          <button
            key={platform}
            ref={(node) => {
              if (node) tabs.current.set(platform, node);
              else tabs.current.delete(platform);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${platform}`}
            aria-selected={platform === active}
            aria-controls={`${baseId}-panel`}
            tabIndex={platform === active ? 0 : -1}
            onClick={() => setChosen(platform)}
            className={cn(
              'inline-flex size-9 items-center justify-center rounded-md border transition-colors',
              platform === active ? 'border-primary bg-accent' : 'border-transparent hover:bg-muted',
            )}
          >
            <PlatformIcon platform={platform} />
            <span className="sr-only">{PLATFORMS[platform].name}</span>
          </button>
        ))}
      </div>
      <section
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${active}`}
        className="min-w-0 rounded-xl border bg-background p-4"
      >
        <NetworkPreview
          key={active}
          platform={active}
          text={contentFor(values, active)}
          media={media}
          account={accountFor(active, values, accounts)}
          accounts={accounts}
          authorName={authorName}
          onMeasured={onMeasured}
        />
        {/* A thread's next parts, as the replies they become (docs/threads.md). */}
        {supportsThreads(active)
          ? (values.threadParts ?? []).map((part, index) => (
              <section
                // biome-ignore lint/suspicious/noArrayIndexKey: parts are plain texts; their place is their identity
                key={index}
                aria-label={t('Part {{number}}', { number: index + 2 })}
                className="mt-3 ml-4 border-l-2 border-muted pl-3"
              >
                <NetworkPreview
                  platform={active}
                  text={part}
                  media={values.threadMedia?.[index] ?? []}
                  account={accountFor(active, values, accounts)}
                  accounts={accounts}
                  authorName={authorName}
                  onMeasured={onMeasured}
                />
              </section>
            ))
          : null}
      </section>
    </div>
  );
}
