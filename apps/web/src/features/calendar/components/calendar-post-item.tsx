import { PLATFORMS } from '@relaycast/shared/platforms';
import type { Post } from '@relaycast/shared/posts';
import { CalendarArrowUp, CircleAlert, ExternalLink, Repeat, RotateCcw } from 'lucide-react';
import { type DragEvent, memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTargetAction } from '@/api/posts';
import { LabelChips } from '@/components/label-chips';
import { PlatformIcon } from '@/components/platform-icon';
import { PostAttribution } from '@/components/post-attribution';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { canReschedule, POST_STATUS_LABELS, TROUBLED_TARGET_STATUSES } from '@/lib/post-status';
import { showError } from '@/lib/show-error';
import { formatTimeOfDay } from '@/lib/time-zone';
import { toast } from '@/lib/toast';
import { type CalendarEntry, firstWords } from '../calendar-entries';
import { useSeriesSummaries } from '../hooks/use-series-summary';

/** The drag payload type: only calendar posts can be dropped on a day. */
export const POST_DRAG_TYPE = 'application/x-relaycast-post';
const MAX_ICONS = 3;

const STATUS_STYLES: Record<Post['status'], string> = {
  draft: 'border-l-muted-foreground',
  scheduled: 'border-l-primary',
  publishing: 'border-l-amber-500',
  published: 'border-l-success',
  partially_published: 'border-l-amber-500',
  failed: 'border-l-destructive',
  awaiting_approval: 'border-l-amber-500 border-dashed',
  changes_requested: 'border-l-amber-500 border-dashed',
  rejected: 'border-l-destructive border-dashed',
  expired: 'border-l-muted-foreground border-dashed',
};

interface CalendarPostItemProps {
  entry: CalendarEntry;
  onMoveRequest(post: Post): void;
  /** In a narrow day cell the Move button appears over the item on hover or focus instead of beside it. */
  isCompact?: boolean;
}

/**
 * One post in a day: its local time, platform icons and one line of text (a mark when a platform failed);
 * the whole text and each platform's error show in a tooltip on hover and on keyboard focus (docs/decisions/0026-rough-edges-layout.md).
 * Opens the composer; scheduled ones drag.
 */
// function-budget: CalendarPostItem lays out one screen part in one JSX tree; split into named parts when it next changes
export const CalendarPostItem = memo(function CalendarPostItem({
  entry,
  onMoveRequest,
  isCompact = true,
}: CalendarPostItemProps) {
  const { t } = useTranslation('calendar');
  const { post, time } = entry;
  const [isDragging, setDragging] = useState(false);
  const isMovable = canReschedule(post.status);
  const words = firstWords(post);
  const status = post.status === 'scheduled' ? '' : `, ${t(POST_STATUS_LABELS[post.status])}`;
  const troubled = post.targets.filter((target) => TROUBLED_TARGET_STATUSES.includes(target.status));
  const failed = troubled.filter((target) => target.status === 'failed');
  const links = post.targets.filter((target) => target.url);
  // A thread (docs/threads.md): the post's text is part 1 of N.
  const threadOf =
    (post.threadParts?.length ?? 0) > 0
      ? t('Thread of {{number}}', { number: (post.threadParts?.length ?? 0) + 1 })
      : '';
  const repeats = useSeriesSummaries().get(post.id);

  function onDragStart(event: DragEvent) {
    event.dataTransfer.setData(POST_DRAG_TYPE, post.id);
    event.dataTransfer.setData('text/plain', words);
    event.dataTransfer.effectAllowed = 'move';
    setDragging(true);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dragging is the mouse shortcut; the Move button is the keyboard way.
    <div
      draggable={isMovable}
      onDragStart={isMovable ? onDragStart : undefined}
      onDragEnd={() => setDragging(false)}
      data-post-id={post.id}
      className={cn(
        'group/post relative flex items-stretch rounded-md border border-l-[3px] bg-card text-xs shadow-xs transition-shadow hover:shadow-sm',
        STATUS_STYLES[post.status],
        isMovable && 'cursor-grab active:cursor-grabbing',
        isDragging && 'opacity-40',
      )}
    >
      <Tooltip
        className="flex min-w-0 flex-1"
        content={
          <>
            <span className="font-semibold">
              {formatTimeOfDay(time)} ·{' '}
              {post.platforms.map((platform) => PLATFORMS[platform].name).join(', ')}
              {status}
              {threadOf ? ` · ${threadOf}` : null}
            </span>
            {repeats ? (
              <span className="flex items-center gap-1">
                <Repeat aria-hidden="true" className="size-3 shrink-0" />
                {t('Repeats: {{summary}}', { summary: repeats })}
              </span>
            ) : null}
            <span className="line-clamp-[12] whitespace-pre-wrap wrap-anywhere">{fullText(post)}</span>
            <PostAttribution post={post} />
            {troubled.map((target) => (
              <span key={target.id} className="flex items-start gap-1 text-destructive">
                <CircleAlert aria-hidden="true" className="mt-px size-3 shrink-0" />
                <span className="wrap-anywhere">
                  {PLATFORMS[target.platform].name}: {target.lastError}
                </span>
              </span>
            ))}
          </>
        }
      >
        {(describedBy) => (
          <Link
            to={`/post-composer?post=${encodeURIComponent(post.id)}`}
            draggable={false}
            aria-describedby={describedBy}
            className="min-w-0 flex-1 rounded-md px-2 py-1.5 focus-visible:outline-offset-0"
          >
            <span className="flex items-center gap-1.5">
              <time
                dateTime={post.scheduledAt ?? undefined}
                className="font-semibold whitespace-nowrap tabular-nums"
              >
                {formatTimeOfDay(time)}
              </time>
              {repeats ? (
                <Repeat
                  role="img"
                  aria-label={t('Recurring post')}
                  data-slot="repeat-icon"
                  className="size-3 shrink-0 text-muted-foreground"
                />
              ) : null}
              <span className="flex min-w-0 items-center gap-1 overflow-hidden">
                {post.platforms.slice(0, MAX_ICONS).map((platform) => (
                  <PlatformIcon key={platform} platform={platform} labelled className="size-3.5 shrink-0" />
                ))}
                {post.platforms.length > MAX_ICONS ? (
                  <span className="text-[0.6875rem] text-muted-foreground">
                    +{post.platforms.length - MAX_ICONS}
                  </span>
                ) : null}
              </span>
              {troubled.length > 0 ? (
                <CircleAlert aria-hidden="true" className="ml-auto size-3.5 shrink-0 text-destructive" />
              ) : null}
            </span>
            {/* One line on the card; the whole text and each platform's error are in the tooltip. */}
            <span className="mt-0.5 block truncate text-muted-foreground" data-slot="first-line">
              {threadOf ? <span className="mr-1 font-medium">{threadOf} ·</span> : null}
              {words}
              {status ? <span className="sr-only">{status}</span> : null}
            </span>
            <LabelChips labels={post.labels} max={3} className="mt-1" />
          </Link>
        )}
      </Tooltip>
      {links.length > 0 || failed.length > 0 ? (
        <span className="flex flex-col items-end justify-center gap-1 pr-1">
          {links.map((target) => (
            <a
              key={target.id}
              href={target.url ?? undefined}
              target="_blank"
              rel="noreferrer"
              className="rounded p-0.5 text-primary hover:bg-muted"
            >
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">
                {t('View “{{words}}” on {{platform}}', { words, platform: PLATFORMS[target.platform].name })}
              </span>
            </a>
          ))}
          {failed.length > 0 ? <RetryButton post={post} failed={failed} words={words} /> : null}
        </span>
      ) : null}
      {isMovable ? (
        <button
          type="button"
          onClick={() => onMoveRequest(post)}
          className={cn(
            'flex w-7 shrink-0 items-center justify-center rounded-r-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-offset-0',
            isCompact &&
              'sm:absolute sm:top-1 sm:right-1 sm:size-6 sm:rounded-md sm:border sm:bg-card sm:shadow-sm sm:pointer-fine:opacity-0 sm:pointer-fine:group-hover/post:opacity-100 sm:pointer-fine:focus-visible:opacity-100',
          )}
        >
          <CalendarArrowUp aria-hidden="true" className="size-3.5" />
          <span className="sr-only">{t('Move “{{words}}” to another day', { words })}</span>
        </button>
      ) : null}
    </div>
  );
});

/** The post's whole text for the tooltip (the first platform text when the main text is empty). */
function fullText(post: Post): string {
  return (
    post.content.trim() || Object.values(post.overrides).find((value) => value.trim()) || firstWords(post)
  );
}

/** Publishes the post's failed targets again (the composer shows each one's reason and its own Retry). */
function RetryButton({ post, failed, words }: { post: Post; failed: Post['targets']; words: string }) {
  const { t } = useTranslation('calendar');
  const retry = useTargetAction();
  async function retryFailed() {
    try {
      for (const target of failed) {
        await retry.mutateAsync({ postId: post.id, targetId: target.id, action: 'retry' });
      }
      toast.success(t('Publishing again'));
    } catch (error) {
      showError(error, t('Could not retry.'));
    }
  }
  return (
    <button
      type="button"
      disabled={retry.isPending}
      onClick={() => void retryFailed()}
      className="rounded p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground"
    >
      <RotateCcw aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{t('Retry “{{words}}”', { words })}</span>
    </button>
  );
}
