import { FEED_MESSAGES, feedUrlSchema } from '@relaycast/shared/feeds';
import type { PlatformId } from '@relaycast/shared/platforms';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '@/api/accounts';
import { useCreateFeed, useFeeds } from '@/api/feeds';
import { PostImportLinks } from '@/components/post-import-links';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toastOutcome } from '@/lib/show-error';
import { FeedCard } from './feed-card';

/**
 * Feeds (docs/feeds.md): add an RSS, Atom or JSON feed by its address; each new item becomes a draft or a queued post.
 * A new feed posts to the platforms of the workspace's connected accounts (or X when there are none); its card
 * changes that, saved as it is changed.
 */
export function FeedsPage() {
  const { t } = useTranslation('feeds');
  const feeds = useFeeds();
  const accounts = useAccounts();
  const create = useCreateFeed();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = feedUrlSchema.safeParse(url);
    if (!parsed.success) return setError(FEED_MESSAGES.invalidUrl);
    setError(undefined);
    const connected = [...new Set((accounts.data ?? []).map((account) => account.platform))] as PlatformId[];
    const added = await toastOutcome(
      create.mutateAsync({ url: parsed.data, platforms: connected.length > 0 ? connected : ['twitter'] }),
      t('Feed added'),
    );
    if (added) setUrl('');
  };

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Feeds')}</h1>
          <p className="mt-2 text-muted-foreground">
            {t(
              'Follow a blog or a site’s RSS, Atom or JSON feed: each new item becomes a draft or a queued post.',
            )}
          </p>
        </div>
        <PostImportLinks current="feeds" />
      </header>
      <form onSubmit={add} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="min-w-64 flex-1">
          <FormField
            label={t('Feed address')}
            type="url"
            placeholder={t('https://example.com/feed.xml')}
            value={url}
            error={error}
            hint={t('The first check takes only the newest item, so adding a feed never floods your queue.')}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={create.isPending}>
          <Plus aria-hidden="true" />
          {t('Add feed')}
        </Button>
      </form>
      {feeds.isPending ? <Spinner /> : null}
      {feeds.data?.length === 0 ? <p className="text-muted-foreground">{t('No feeds yet.')}</p> : null}
      <div className="grid gap-4">
        {(feeds.data ?? []).map((feed) => (
          <FeedCard key={feed.id} feed={feed} accounts={accounts.data ?? []} />
        ))}
      </div>
    </div>
  );
}
