import { ENGAGEMENT_MESSAGES, type InboxItem } from '@relaycast/shared/engagement';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type InboxFilters as Filters, useInbox, useRefreshInbox } from '@/api/engagement';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import { InboxFilters } from './inbox-filters';
import { InboxItemPanel } from './inbox-item-panel';
import { InboxList } from './inbox-list';
import { QuickActions } from './quick-actions';

/** The unified inbox: filters, Refresh, the list, the opened item, and the per-platform action buttons. */
export function EngagementInbox({ userId }: { userId: string }) {
  const { t } = useTranslation('engagement');
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
          `${t(ENGAGEMENT_MESSAGES.refreshDone)}: ${t('{{count}} new items', { count: result.newItems })}`,
        );
        for (const problem of result.problems) {
          toast.warning(`@${problem.handle}: ${translateMessage(problem.message)}`);
        }
      },
      onError: (error) => showError(error, t(ENGAGEMENT_MESSAGES.inboxFailed)),
    });
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Card className="grid content-start gap-4 p-5">
        <section aria-labelledby="inbox-heading" className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="inbox-heading" className="text-lg font-semibold">
              {t('Inbox')}
            </h2>
            <Button size="sm" variant="outline" onClick={runRefresh} disabled={refresh.isPending}>
              <RefreshCw aria-hidden="true" className={refresh.isPending ? 'animate-spin' : undefined} />
              {t('Refresh')}
            </Button>
          </div>
          <InboxFilters value={filters} onChange={setFilters} />
          {inbox.isPending ? (
            <Spinner label={t('Loading the inbox')} />
          ) : inbox.isError ? (
            <div role="alert" className="flex items-center justify-between gap-3 text-sm">
              <span>{t(ENGAGEMENT_MESSAGES.inboxFailed)}</span>
              <Button size="sm" variant="outline" onClick={() => inbox.refetch()}>
                {t('Retry')}
              </Button>
            </div>
          ) : items.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans
                t={t}
                i18nKey="Nothing here yet. Comments, mentions and messages from your <0>connected accounts</0> appear here; Refresh reads them now."
                components={[
                  <Link
                    key="accounts"
                    to="/connected-accounts"
                    className="text-primary underline underline-offset-4"
                  />,
                ]}
              />
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
          <Card className="p-5 text-sm text-muted-foreground">
            {t('Choose an item to reply, like or message.')}
          </Card>
        )}
        <QuickActions item={selected} userId={userId} content={content} />
      </div>
    </div>
  );
}
