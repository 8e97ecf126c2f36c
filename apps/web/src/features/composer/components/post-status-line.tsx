import type { Post } from '@relaycast/shared/posts';
import { CalendarCheck, FilePen, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { POST_STATUS_LABELS } from '@/lib/post-status';
import { formatInstant } from '@/lib/time-zone';

/** Where the post being edited stands: a draft, or scheduled for a time (in the user's time zone). */
export function PostStatusLine({
  post,
  timeZone,
  newPostHref,
}: {
  post: Post;
  timeZone: string;
  newPostHref: string;
}) {
  const { t } = useTranslation('composer');
  const Icon = post.status === 'draft' ? FilePen : CalendarCheck;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card px-5 py-3 shadow-sm">
      <p role="status" className="flex items-center gap-2 text-sm">
        <Icon aria-hidden="true" className="size-4 text-primary" />
        <span className="font-semibold">{t(POST_STATUS_LABELS[post.status])}</span>
        {post.scheduledAt ? (
          <span className="text-muted-foreground">· {formatInstant(post.scheduledAt, timeZone)}</span>
        ) : null}
      </p>
      <Button asChild variant="ghost" size="sm">
        <Link to={newPostHref}>
          <Plus aria-hidden="true" />
          {t('New post')}
        </Link>
      </Button>
    </div>
  );
}
