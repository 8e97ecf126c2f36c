import { METRIC_LABELS } from '@relaycast/shared/analytics';
import type { TopPostSort, TopPostsPage } from '@relaycast/shared/analytics-page';
import { PLATFORMS } from '@relaycast/shared/platforms';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ExternalLink, ImageOff } from 'lucide-react';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnalyticsFilters, type TopPostsOrder, useTopPosts } from '@/api/analytics';
import { useReportTopPosts } from '@/api/analytics-reports';
import { useTimeZone } from '@/api/settings';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { browserTimeZone, formatDateTime } from '@/lib/time-zone';
import { formatFigure, formatPercent } from '../format';

const COLUMNS: Array<{ sort: TopPostSort; label: string }> = [
  { sort: 'views', label: METRIC_LABELS.views },
  { sort: 'likes', label: METRIC_LABELS.likes },
  { sort: 'comments', label: METRIC_LABELS.comments },
  { sort: 'shares', label: METRIC_LABELS.shares },
  { sort: 'engagementRate', label: 'Engagement rate' },
  // Clicks on the post's short links for this network: "not available" when it has none (decision 0080).
  { sort: 'linkClicks', label: 'Link clicks' },
];

/** Published posts of the range with their figures, sortable by each figure, with thumbnails and links. */
export function TopPostsTable({ filters }: { filters: AnalyticsFilters }) {
  const [order, setOrder] = useState<TopPostsOrder>(FIRST_ORDER);
  const posts = useTopPosts(filters, order);
  const timeZone = useTimeZone();
  return <TopPostsView posts={posts} order={order} setOrder={setOrder} timeZone={timeZone} />;
}

/** The same table on a read-only report link (/r/<token>): that link's filters, sorted the same way. */
export function ReportTopPostsTable({ token }: { token: string }) {
  const [order, setOrder] = useState<TopPostsOrder>(FIRST_ORDER);
  const posts = useReportTopPosts(token, order);
  // A report link's reader has no account, hence no setting: their browser's zone.
  return <TopPostsView posts={posts} order={order} setOrder={setOrder} timeZone={browserTimeZone()} />;
}

const FIRST_ORDER: TopPostsOrder = { sort: 'views', order: 'desc', page: 1 };

// function-budget: TopPostsView lays out one screen part in one JSX tree; split into named parts when it next changes
function TopPostsView({
  posts,
  order,
  setOrder,
  timeZone,
}: {
  posts: UseQueryResult<TopPostsPage>;
  order: TopPostsOrder;
  setOrder: Dispatch<SetStateAction<TopPostsOrder>>;
  timeZone: string;
}) {
  const { t } = useTranslation('analytics');
  const sortBy = (sort: TopPostSort) =>
    setOrder((current) => ({
      sort,
      order: current.sort === sort && current.order === 'desc' ? 'asc' : 'desc',
      page: 1,
    }));
  const pages = posts.data ? Math.max(1, Math.ceil(posts.data.total / posts.data.pageSize)) : 1;
  return (
    <Card className="grid gap-3 p-5">
      <section aria-labelledby="top-posts-title" className="grid gap-3">
        <h2 id="top-posts-title" className="font-semibold">
          {t('Top posts')}
        </h2>
        {posts.isPending ? (
          <Spinner label={t('Loading top posts')} />
        ) : posts.isError ? (
          <p role="alert" className="text-sm">
            {posts.error.message}
          </p>
        ) : posts.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('No published posts in this range.')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[720px] text-left text-sm">
              <thead>
                <tr className="border-b">
                  <th scope="col" className="px-2 py-2 font-medium">
                    {t('Post')}
                  </th>
                  {COLUMNS.map((column) => (
                    <th
                      key={column.sort}
                      scope="col"
                      className="px-2 py-2 text-right font-medium"
                      aria-sort={
                        order.sort === column.sort
                          ? order.order === 'desc'
                            ? 'descending'
                            : 'ascending'
                          : 'none'
                      }
                    >
                      {/* Chromium repeats a table's header on each printed page but not the buttons in it: paper gets the label as text. */}
                      <span className="hidden print:inline">{t(column.label)}</span>
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 hover:underline print:hidden"
                        onClick={() => sortBy(column.sort)}
                      >
                        {t(column.label)}
                        {order.sort === column.sort ? (
                          order.order === 'desc' ? (
                            <ArrowDown aria-hidden="true" className="size-3" />
                          ) : (
                            <ArrowUp aria-hidden="true" className="size-3" />
                          )
                        ) : null}
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {posts.data.items.map((post) => (
                  <tr key={post.targetId} className="border-b last:border-0">
                    <td className="px-2 py-2">
                      <div className="flex items-center gap-3">
                        {post.thumbnailUrl ? (
                          <img
                            src={post.thumbnailUrl}
                            alt=""
                            className="size-10 shrink-0 rounded object-cover"
                          />
                        ) : (
                          <span className="flex size-10 shrink-0 items-center justify-center rounded bg-muted">
                            <ImageOff aria-hidden="true" className="size-4 text-muted-foreground" />
                          </span>
                        )}
                        <div className="min-w-0">
                          <p className="line-clamp-2 max-w-xs">{post.text || t('(no text)')}</p>
                          <p className="text-xs text-muted-foreground">
                            {PLATFORMS[post.platform].name}
                            {post.accountHandle ? ` · ${post.accountHandle}` : ''} ·{' '}
                            {formatDateTime(post.publishedAt, timeZone, { dateStyle: 'medium' })}
                            {post.url ? (
                              <>
                                {' · '}
                                <a
                                  href={post.url}
                                  target="_blank"
                                  rel="noreferrer noopener"
                                  className="inline-flex items-center gap-0.5 underline"
                                >
                                  {t('Open')} <ExternalLink aria-hidden="true" className="size-3" />
                                  <span className="sr-only">
                                    {t('post on {{platform}}', { platform: PLATFORMS[post.platform].name })}
                                  </span>
                                </a>
                              </>
                            ) : null}
                          </p>
                        </div>
                      </div>
                    </td>
                    {COLUMNS.map((column) => (
                      <td key={column.sort} className="px-2 py-2 text-right tabular-nums">
                        {column.sort === 'engagementRate'
                          ? formatPercent(post.engagementRate)
                          : column.sort === 'linkClicks'
                            ? formatFigure(post.linkClicks)
                            : formatFigure(post.metrics[column.sort as keyof typeof post.metrics] ?? null)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {posts.data && pages > 1 ? (
          <div className="flex items-center justify-end gap-2 text-sm print:hidden">
            <Button
              size="sm"
              variant="outline"
              disabled={order.page <= 1}
              onClick={() => setOrder((current) => ({ ...current, page: current.page - 1 }))}
            >
              {t('Previous')}
            </Button>
            <span>{t('Page {{page}} of {{pages}}', { page: order.page, pages })}</span>
            <Button
              size="sm"
              variant="outline"
              disabled={order.page >= pages}
              onClick={() => setOrder((current) => ({ ...current, page: current.page + 1 }))}
            >
              {t('Next')}
            </Button>
          </div>
        ) : null}
      </section>
    </Card>
  );
}
