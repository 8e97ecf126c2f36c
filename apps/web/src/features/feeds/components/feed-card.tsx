import type { SocialAccount } from '@relaycast/shared/accounts';
import {
  FEED_MODES,
  type Feed,
  type FeedItemStatus,
  type FeedMode,
  type FeedUpdate,
  feedUpdateSchema,
} from '@relaycast/shared/feeds';
import { PLATFORM_IDS, PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckFeed, useDeleteFeed, useFeedItems, useUpdateFeed } from '@/api/feeds';
import { SaveStatus } from '@/components/save-status';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/i18n';
import { showError, toastOutcome } from '@/lib/show-error';
import { formatRelative } from '@/lib/time-zone';
import { useSaveAsYouGo } from '@/lib/use-save-as-you-go';
import { FeedAiRewrite } from './feed-ai-rewrite';
import { FeedImageOption } from './feed-image-option';

const MODE_LABELS: Record<FeedMode, string> = {
  draft: 'Make drafts',
  queue: 'Add to the queue',
};

const ITEM_STATUS_LABELS: Record<FeedItemStatus, string> = {
  seen: 'Seen (already there when the feed was added)',
  created: 'Post made',
  refused: 'No post',
  skipped: 'Skipped',
};

type Draft = Pick<
  Feed,
  | 'url'
  | 'intervalMinutes'
  | 'template'
  | 'mode'
  | 'platforms'
  | 'accountIds'
  | 'isEnabled'
  | 'aiRewrite'
  | 'aiInstruction'
  | 'attachImage'
>;

function draftOf(feed: Feed): Draft {
  const { url, intervalMinutes, template, mode, platforms, accountIds, isEnabled } = feed;
  const { aiRewrite, aiInstruction, attachImage } = feed;
  const ai = { aiRewrite, aiInstruction };
  return { url, intervalMinutes, template, mode, platforms, accountIds, isEnabled, ...ai, attachImage };
}

function toggled<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

function FeedStatus({ feed }: { feed: Feed }) {
  const { t } = useTranslation('feeds');
  if (!feed.lastFetchedAt) return <p className="text-sm text-muted-foreground">{t('Not checked yet.')}</p>;
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-muted-foreground">
        {t('Checked {{when}}', { when: formatRelative(feed.lastFetchedAt) })}
        {feed.lastItemsFound !== null
          ? ` · ${t('{{count}} items found', { count: feed.lastItemsFound })}`
          : ''}
        {feed.lastPostsCreated !== null
          ? ` · ${t('{{count}} new posts', { count: feed.lastPostsCreated })}`
          : ''}
      </p>
      {feed.lastError ? (
        <p role="alert" className="text-destructive">
          {translateMessage(feed.lastError)}
        </p>
      ) : null}
    </div>
  );
}

function FeedItems({ feedId }: { feedId: string }) {
  const { t } = useTranslation('feeds');
  const [isOpen, setOpen] = useState(false);
  const items = useFeedItems(feedId, isOpen);
  return (
    <details onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary className="cursor-pointer text-sm font-medium">{t('Latest items')}</summary>
      <ul className="mt-2 grid gap-1 text-sm">
        {(items.data ?? []).map((item) => (
          <li key={item.id}>
            <span className="font-medium">{item.title}</span> — {t(ITEM_STATUS_LABELS[item.status])}
            {item.reason ? `: ${translateMessage(item.reason)}` : ''}
          </li>
        ))}
        {items.data?.length === 0 ? <li className="text-muted-foreground">{t('No items yet.')}</li> : null}
      </ul>
    </details>
  );
}

/** The platforms a feed posts to and, among the connected accounts of those, the chosen ones. */
function FeedTargets({
  draft,
  accounts,
  error,
  onChange,
}: {
  draft: Draft;
  accounts: SocialAccount[];
  error: string | undefined;
  onChange(patch: Partial<Draft>): void;
}) {
  const { t } = useTranslation('feeds');
  const chosenAccounts = accounts.filter((account) => draft.platforms.includes(account.platform));
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">{t('Post to')}</legend>
      <div className="flex flex-wrap gap-3">
        {PLATFORM_IDS.map((platform: PlatformId) => (
          <label key={platform} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              checked={draft.platforms.includes(platform)}
              onChange={() => {
                const platforms = toggled(draft.platforms, platform);
                const kept = accounts.filter((a) => platforms.includes(a.platform)).map((a) => a.id);
                onChange({ platforms, accountIds: draft.accountIds.filter((id) => kept.includes(id)) });
              }}
            />
            {PLATFORMS[platform].name}
          </label>
        ))}
      </div>
      {chosenAccounts.length > 0 ? (
        <div className="flex flex-wrap gap-3">
          {chosenAccounts.map((account) => (
            <label key={account.id} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={draft.accountIds.includes(account.id)}
                onChange={() => onChange({ accountIds: toggled(draft.accountIds, account.id) })}
              />
              {account.handle}
            </label>
          ))}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {translateMessage(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

function FeedActions({ feedId }: { feedId: string }) {
  const { t } = useTranslation('feeds');
  const remove = useDeleteFeed();
  const check = useCheckFeed();
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        type="button"
        variant="outline"
        disabled={check.isPending}
        onClick={() => check.mutateAsync(feedId).catch((error) => showError(error))}
      >
        <RefreshCw aria-hidden="true" />
        {check.isPending ? t('Checking…') : t('Check now')}
      </Button>
      <Button
        type="button"
        variant="outline"
        disabled={remove.isPending}
        onClick={() => void toastOutcome(remove.mutateAsync(feedId), t('Feed removed'))}
      >
        <Trash2 aria-hidden="true" />
        {t('Remove')}
      </Button>
    </div>
  );
}

/** One feed, saved as it is changed (a choice at once, a typed value when its field is left), with its status. */
export function FeedCard({ feed, accounts }: { feed: Feed; accounts: SocialAccount[] }) {
  const { t } = useTranslation('feeds');
  const [draft, setDraft] = useState<Draft>(() => draftOf(feed));
  const update = useUpdateFeed();
  const saving = useSaveAsYouGo((change: FeedUpdate) => update.mutateAsync({ id: feed.id, change }), {
    failureMessage: t('Could not save the feed.'),
    onFailed: () => setDraft(draftOf(feed)),
  });
  const parsed = feedUpdateSchema.safeParse(draft);
  const errorOf = (field: keyof Draft) =>
    parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;

  const change = (patch: Partial<Draft>, save = true) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    const valid = feedUpdateSchema.safeParse(next);
    if (save && valid.success) void saving.commit(valid.data);
  };
  return (
    <article aria-label={feed.title ?? feed.url} className="grid gap-4 rounded-lg border p-4">
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">{feed.title ?? feed.url}</h2>
        <SaveStatus state={saving.state} />
      </header>
      <FeedStatus feed={feed} />
      <div className="grid gap-3 md:grid-cols-2">
        <FormField
          label={t('Feed address')}
          type="url"
          value={draft.url}
          error={errorOf('url')}
          onChange={(event) => change({ url: event.target.value }, false)}
          onBlur={() => draft.url !== feed.url && change({})}
        />
        <FormField
          label={t('Check every (minutes)')}
          type="number"
          inputMode="numeric"
          value={Number.isNaN(draft.intervalMinutes) ? '' : draft.intervalMinutes}
          error={errorOf('intervalMinutes')}
          onChange={(event) => change({ intervalMinutes: event.target.valueAsNumber }, false)}
          onBlur={() => draft.intervalMinutes !== feed.intervalMinutes && change({})}
        />
        <SelectField
          label={t('New items')}
          value={draft.mode}
          options={FEED_MODES}
          format={(mode) => t(MODE_LABELS[mode])}
          onChange={(mode) => change({ mode })}
        />
        <label className="flex items-center gap-2 self-end text-sm">
          <input
            type="checkbox"
            checked={draft.isEnabled}
            onChange={(event) => change({ isEnabled: event.target.checked })}
          />
          {t('Check this feed')}
        </label>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`template-${feed.id}`}>{t('Post text')}</Label>
        <Textarea
          id={`template-${feed.id}`}
          className="min-h-20"
          value={draft.template}
          aria-invalid={errorOf('template') ? true : undefined}
          onChange={(event) => change({ template: event.target.value }, false)}
          onBlur={() => draft.template !== feed.template && change({})}
        />
        <p className="text-xs text-muted-foreground">
          {t('{title}, {link} and {summary} are replaced by the item’s.')}
        </p>
        {errorOf('template') ? (
          <p role="alert" className="text-sm text-destructive">
            {translateMessage(errorOf('template') ?? '')}
          </p>
        ) : null}
        <FeedImageOption checked={draft.attachImage} onChange={(attachImage) => change({ attachImage })} />
      </div>
      <FeedAiRewrite
        feedId={feed.id}
        aiRewrite={draft.aiRewrite}
        aiInstruction={draft.aiInstruction}
        error={errorOf('aiInstruction')}
        onToggle={(aiRewrite) => change({ aiRewrite })}
        onInstructionChange={(aiInstruction) => change({ aiInstruction }, false)}
        onInstructionBlur={() => draft.aiInstruction !== feed.aiInstruction && change({})}
      />
      <FeedTargets draft={draft} accounts={accounts} error={errorOf('platforms')} onChange={change} />
      <FeedItems feedId={feed.id} />
      <FeedActions feedId={feed.id} />
    </article>
  );
}
