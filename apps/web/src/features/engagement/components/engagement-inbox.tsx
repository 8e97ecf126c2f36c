import { ENGAGEMENT_MESSAGES, type InboxItem } from '@relaycast/shared/engagement';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type InboxFilters as Filters, useInbox, useRefreshInbox } from '@/api/engagement';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { InboxFilters } from './inbox-filters';
import { InboxItemPanel } from './inbox-item-panel';
import { InboxList } from './inbox-list';
import { QuickActions } from './quick-actions';

/** The unified inbox: filters, Refresh, the list, the opened item, and the per-platform action buttons. */
export function EngagementInbox({ userId }: { userId: string }) {
  const [filters, setFilters] = useState<Filters>({});
  const [selected, setSelected] = useState<InboxItem>();
  const [content, setContent] = useState('');
  const inbox = useInbox(filters);
  const refresh = useRefreshInbox();
  const items = inbox.data?.items ?? [];

  // Keep the opened item current (its status changes after a reply) even when a filter hides it.
  useEffect(() => {
    if (!selected) return;
    const fresh = inbox.data?.items.find((item) => item.id === selected.id);
    if (fresh && fresh !== selected) setSelected(fresh);
  }, [inbox.data, selected]);

  function runRefresh() {
    refresh.mutate(undefined, {
      onSuccess: (result) => {
        toast.success(
          `${ENGAGEMENT_MESSAGES.refreshDone}: ${result.newItems} new item${result.newItems === 1 ? '' : 's'}`,
        );
        for (const problem of result.problems) toast.warning(`@${problem.handle}: ${problem.message}`);
      },
      onError: (error) =>
        toast.error(error instanceof ApiError ? error.message : ENGAGEMENT_MESSAGES.inboxFailed),
    });
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Card className="grid content-start gap-4 p-5">
        <section aria-labelledby="inbox-heading" className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="inbox-heading" className="text-lg font-semibold">
              Inbox
            </h2>
            <Button size="sm" variant="outline" onClick={runRefresh} disabled={refresh.isPending}>
              <RefreshCw aria-hidden="true" className={refresh.isPending ? 'animate-spin' : undefined} />
              Refresh
            </Button>
          </div>
          <InboxFilters value={filters} onChange={setFilters} />
          {inbox.isPending ? (
            <Spinner label="Loading the inbox" />
          ) : inbox.isError ? (
            <div role="alert" className="flex items-center justify-between gap-3 text-sm">
              <span>{ENGAGEMENT_MESSAGES.inboxFailed}</span>
              <Button size="sm" variant="outline" onClick={() => inbox.refetch()}>
                Retry
              </Button>
            </div>
          ) : items.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Nothing here yet. Comments, mentions and messages from your{' '}
              <Link to="/connected-accounts" className="text-primary underline underline-offset-4">
                connected accounts
              </Link>{' '}
              appear here; Refresh reads them now.
            </p>
          ) : (
            <InboxList
              items={items}
              selectedId={selected?.id}
              onSelect={(id) => {
                setSelected(items.find((item) => item.id === id));
                setContent('');
              }}
            />
          )}
        </section>
      </Card>
      <div className="grid content-start gap-4">
        {selected ? (
          <InboxItemPanel item={selected} userId={userId} content={content} onContentChange={setContent} />
        ) : (
          <Card className="p-5 text-sm text-muted-foreground">Choose an item to reply, like or message.</Card>
        )}
        <QuickActions item={selected} userId={userId} content={content} />
      </div>
    </div>
  );
}
