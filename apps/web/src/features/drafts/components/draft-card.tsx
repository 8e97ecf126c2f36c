import type { Post } from '@relaycast/shared/posts';
import { CalendarClock, Copy, PenLine, Trash2 } from 'lucide-react';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LabelChips } from '@/components/label-chips';
import { PlatformIcon } from '@/components/platform-icon';
import { useCanRemove } from '@/components/role-gate';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { i18n } from '@/i18n';
import { POST_STATUS_LABELS } from '@/lib/post-status';
import { formatRelative } from '@/lib/time-zone';

interface DraftCardProps {
  post: Post;
  onSchedule(post: Post): void;
  onDuplicate(post: Post): void;
  onDelete(post: Post): void;
  isBusy?: boolean;
}

function draftTitle(post: Post): string {
  const text = (
    post.content.trim() ||
    Object.values(post.overrides).find((value) => value.trim()) ||
    ''
  ).trim();
  if (text) return text;
  return post.media.length > 0
    ? i18n.t('{{count}} media files', { ns: 'drafts', count: post.media.length })
    : i18n.t('Empty draft', { ns: 'drafts' });
}

/** One draft: its text, platforms and media, and what can be done with it. */
export const DraftCard = memo(function DraftCard({
  post,
  onSchedule,
  onDuplicate,
  onDelete,
  isBusy,
}: DraftCardProps) {
  const { t } = useTranslation('drafts');
  const titleId = useId();
  const title = draftTitle(post);
  const shortTitle = title.length > 40 ? `${title.slice(0, 40).trimEnd()}…` : title;
  const canDelete = useCanRemove({ kind: 'post', ownerId: post.authorId, status: post.status });
  return (
    <article aria-labelledby={titleId} className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex gap-4">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="line-clamp-3 text-sm leading-relaxed break-words whitespace-pre-line">
            {title}
          </h2>
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-muted-foreground">
            <span className="flex items-center gap-1.5">
              {post.platforms.map((platform) => (
                <PlatformIcon key={platform} platform={platform} labelled className="size-4" />
              ))}
            </span>
            {post.status !== 'draft' ? (
              <Badge variant="outline">{POST_STATUS_LABELS[post.status]}</Badge>
            ) : null}
            <span>{t('Edited {{when}}', { when: formatRelative(post.updatedAt) })}</span>
            {post.media.length > 0 ? <span>{t('{{count}} files', { count: post.media.length })}</span> : null}
            <LabelChips labels={post.labels} />
          </div>
        </div>
        {post.media.length > 0 ? (
          <ul aria-label={t('Media')} className="hidden shrink-0 gap-1.5 min-[480px]:flex">
            {post.media.slice(0, 3).map((item) => (
              <li key={item.id} className="size-14 overflow-hidden rounded-md bg-muted ring-1 ring-border">
                {item.thumbnailUrl || item.mimeType.startsWith('image/') ? (
                  <img
                    src={item.thumbnailUrl ?? item.url}
                    alt={item.name}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                ) : (
                  <span className="flex size-full items-center justify-center p-1 text-center text-[0.625rem]">
                    {item.name}
                  </span>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-1.5 border-t pt-3">
        <Button asChild size="sm">
          <Link
            to={`/post-composer?post=${encodeURIComponent(post.id)}`}
            aria-label={t('Open “{{title}}”', { title: shortTitle })}
          >
            <PenLine aria-hidden="true" />
            {t('Open')}
          </Link>
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={isBusy}
          onClick={() => onSchedule(post)}
          aria-label={t('Schedule “{{title}}”', { title: shortTitle })}
        >
          <CalendarClock aria-hidden="true" />
          {t('Schedule')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={isBusy}
          onClick={() => onDuplicate(post)}
          aria-label={t('Duplicate “{{title}}”', { title: shortTitle })}
        >
          <Copy aria-hidden="true" />
          {t('Duplicate')}
        </Button>
        {canDelete ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={isBusy}
            onClick={() => onDelete(post)}
            aria-label={t('Delete “{{title}}”', { title: shortTitle })}
            className="text-destructive hover:bg-destructive/10"
          >
            <Trash2 aria-hidden="true" />
            {t('Delete')}
          </Button>
        ) : null}
      </div>
    </article>
  );
});
