import { APPROVAL_MESSAGES, type ReviewPage } from '@relaycast/shared/approvals';
import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { Check, Link2Off, MessageSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reviewMediaUrl, useReviewAction, useReviewPage } from '@/api/approvals';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { translateMessage } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { POST_STATUS_LABELS } from '@/lib/post-status';
import { browserTimeZone, formatInstantWithZone } from '@/lib/time-zone';

/**
 * /review/<token>: a client's review of one post or one week, without an account: the posts read-only, and
 * per post Approve (when it awaits approval) or Comment, under the name the client types.
 */
export function ReviewView({ token }: { token: string }) {
  const { t } = useTranslation('approvals');
  const page = useReviewPage(token);
  const [name, setName] = useState('');
  const nameId = useId();
  if (page.isPending) {
    return (
      <div className="flex min-h-48 items-center justify-center">
        <Spinner label={t('Loading')} />
      </div>
    );
  }
  if (page.isError) {
    return (
      <Card role="alert" className="mx-auto grid max-w-lg justify-items-center gap-3 p-10 text-center">
        <Link2Off aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-xl font-semibold">{t('Review link unavailable')}</h1>
        <p>
          {page.error instanceof ApiError
            ? page.error.message
            : translateMessage(APPROVAL_MESSAGES.linkNotFound)}
        </p>
      </Card>
    );
  }
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('Review posts for {{workspace}}', { workspace: page.data.workspaceName })}
        </h1>
        <p className="text-sm text-muted-foreground">
          {t('This link works until {{date}}.', {
            date: formatInstantWithZone(page.data.expiresAt, browserTimeZone()),
          })}
        </p>
      </header>
      <div className="grid max-w-sm gap-1">
        <label htmlFor={nameId} className="text-sm font-medium">
          {t('Your name')}
        </label>
        <Input id={nameId} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
      </div>
      {page.data.posts.length === 0 ? (
        <p className="text-muted-foreground">{t('There is nothing to review here.')}</p>
      ) : (
        page.data.posts.map((post) => (
          <ReviewPost key={post.id} token={token} post={post} reviewerName={name} />
        ))
      )}
    </div>
  );
}

function ReviewPost({
  token,
  post,
  reviewerName,
}: {
  token: string;
  post: ReviewPage['posts'][number];
  reviewerName: string;
}) {
  const { t } = useTranslation('approvals');
  const id = useId();
  const [comment, setComment] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const act = useReviewAction(token);

  async function run(action: 'approve' | 'comment') {
    setMessage(null);
    try {
      await act.mutateAsync({ postId: post.id, action, reviewerName, comment });
      setComment('');
      setMessage({
        ok: true,
        text: translateMessage(
          action === 'approve' ? APPROVAL_MESSAGES.approved : APPROVAL_MESSAGES.commented,
        ),
      });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : t('Something went wrong.') });
    }
  }

  return (
    <article aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <h2 id={`${id}-title`} className="text-sm text-muted-foreground">
        {post.platforms.map((platform) => PLATFORMS[platform as PlatformId]?.name ?? platform).join(', ')}
        {' · '}
        {POST_STATUS_LABELS[post.status]}
      </h2>
      {post.scheduledAt ? <ReviewTime scheduledAt={post.scheduledAt} timeZone={post.timezone} /> : null}
      <p className="whitespace-pre-wrap break-words">{post.content}</p>
      {post.media.length > 0 ? <ReviewMedia token={token} media={post.media} /> : null}
      <label htmlFor={`${id}-comment`} className="text-sm font-medium">
        {t('Comment')}
      </label>
      <Textarea
        id={`${id}-comment`}
        value={comment}
        maxLength={2000}
        onChange={(event) => setComment(event.target.value)}
      />
      {message ? (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={message.ok ? 'text-sm text-success' : 'text-sm text-destructive'}
        >
          {message.text}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" disabled={act.isPending} onClick={() => void run('comment')}>
          <MessageSquare aria-hidden="true" />
          {t('Comment')}
        </Button>
        {post.canApprove ? (
          <Button disabled={act.isPending} onClick={() => void run('approve')}>
            <Check aria-hidden="true" />
            {t('Approve')}
          </Button>
        ) : null}
      </div>
    </article>
  );
}

/**
 * When the post goes out, in the zone it was scheduled in with that zone's name, and in the reader's own zone
 * when that is another one (a client abroad).
 */
function ReviewTime({ scheduledAt, timeZone }: { scheduledAt: string; timeZone: string }) {
  const { t } = useTranslation('approvals');
  const reader = browserTimeZone();
  const there = formatInstantWithZone(scheduledAt, timeZone);
  const here = formatInstantWithZone(scheduledAt, reader);
  return (
    <p className="grid text-sm">
      <time dateTime={scheduledAt} className="font-medium">
        {t('Goes out {{time}}', { time: there })}
      </time>
      {here !== there ? (
        <span className="text-muted-foreground">{t('Your time: {{time}}', { time: here })}</span>
      ) : null}
    </p>
  );
}

/** The post's pictures and videos, in order: a thumbnail each (a video plays in place), the whole file a click away. */
function ReviewMedia({ token, media }: { token: string; media: ReviewPage['posts'][number]['media'] }) {
  const { t } = useTranslation('approvals');
  return (
    <ul aria-label={t('Media')} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {media.map((item, index) => {
        const file = reviewMediaUrl(token, item.id, 'file');
        const thumbnail = item.hasThumbnail ? reviewMediaUrl(token, item.id, 'thumbnail') : file;
        const label = t('Picture {{number}} of {{total}}', { number: index + 1, total: media.length });
        return (
          <li key={item.id} className="overflow-hidden rounded-lg border bg-muted">
            {item.kind === 'video' ? (
              // biome-ignore lint/a11y/useMediaCaption: the client's own video, shown for review; it has no captions track.
              <video
                controls
                preload="none"
                poster={item.hasThumbnail ? thumbnail : undefined}
                src={file}
                aria-label={t('Video {{number}} of {{total}}', { number: index + 1, total: media.length })}
                className="aspect-square w-full bg-black object-contain"
              />
            ) : (
              <a href={file} target="_blank" rel="noreferrer" className="block">
                <img
                  src={item.kind === 'gif' ? file : thumbnail}
                  alt={label}
                  loading="lazy"
                  className="aspect-square w-full object-cover"
                />
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
