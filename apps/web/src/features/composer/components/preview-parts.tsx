import type { PostPreviewModel } from '@relaycast/shared/post-preview';
import type { TextFold } from '@relaycast/shared/post-preview-rules';
import { Link2 } from 'lucide-react';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** The pieces every network's card is built of: the avatar, the author's lines, the folded text, the link card. */

export function PreviewAvatar({
  author,
  className,
}: {
  author: PostPreviewModel['author'];
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const initial = author.name.replace(/^@/, '').trim().charAt(0).toUpperCase() || 'R';
  const size = cn('size-10 shrink-0 rounded-full', className);
  return author.avatarUrl && !failed ? (
    <img
      src={author.avatarUrl}
      alt=""
      className={cn(size, 'border object-cover')}
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        size,
        'inline-flex items-center justify-center bg-primary text-sm font-semibold text-primary-foreground',
      )}
    >
      {initial}
    </span>
  );
}

/** "Not connected" under the author's own name when no account of the network is picked. */
function ConnectionHint({
  author,
  hasAccounts,
  onDark,
}: {
  author: PostPreviewModel['author'];
  hasAccounts: boolean;
  onDark?: boolean;
}) {
  const { t } = useTranslation('composer');
  if (author.isConnected) return null;
  return (
    <span className={cn('text-xs', onDark ? 'text-amber-300' : 'text-amber-700 dark:text-amber-400')}>
      {hasAccounts ? t('No account chosen') : t('Not connected')}
    </span>
  );
}

/** The author's name and, where the network prints one, the handle; `after` follows on the same line (a time). */
export function AuthorLine({
  author,
  hasAccounts,
  inline,
  after,
  onDark,
}: {
  author: PostPreviewModel['author'];
  hasAccounts: boolean;
  /** Name and handle on one line (X, Bluesky, Mastodon), else the handle under the name. */
  inline?: boolean;
  after?: ReactNode;
  /** Written over a video (TikTok). */
  onDark?: boolean;
}) {
  const { t } = useTranslation('composer');
  const name = author.name.trim() || t('You');
  return (
    <div className="min-w-0 flex-1">
      <p className={cn('flex min-w-0 gap-1 text-sm', inline ? 'flex-row items-baseline' : 'flex-col gap-0')}>
        <span className={cn('truncate font-semibold', inline ? 'max-w-[70%] shrink-0' : '')}>{name}</span>
        {author.handle ? (
          <span className={cn('min-w-0 truncate', muted(onDark))}>{author.handle}</span>
        ) : null}
        {after ? <span className={cn('shrink-0 text-xs', muted(onDark))}>{after}</span> : null}
      </p>
      <ConnectionHint author={author} hasAccounts={hasAccounts} onDark={onDark} />
    </div>
  );
}

const muted = (onDark?: boolean) => (onDark ? 'text-white/75' : 'text-muted-foreground');

const URL_PART = /(https?:\/\/[^\s<>"]+)/gi;

/** The text with its links coloured as links where the network makes them links. */
function TextWithLinks({ text, linksAreClickable }: { text: string; linksAreClickable: boolean }) {
  if (!linksAreClickable) return <>{text}</>;
  let offset = 0;
  const parts = text.split(URL_PART).map((part, index) => {
    const key = `${offset}`;
    offset += part.length;
    return { key, part, isLink: index % 2 === 1 };
  });
  return (
    <>
      {parts.map(({ key, part, isLink }) =>
        isLink ? (
          <span key={key} className="text-sky-600 dark:text-sky-400">
            {part}
          </span>
        ) : (
          <Fragment key={key}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * The text as the feed shows it: folded where the network folds it, with the network's "…more" button that
 * shows the rest. `lead` goes before the text on its first line (Instagram's username).
 */
export function PreviewText({
  preview,
  fullText,
  fold,
  lead,
  onDark,
  className,
}: {
  preview: PostPreviewModel;
  fullText: string;
  fold: TextFold | null;
  lead?: ReactNode;
  onDark?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('composer');
  const [expanded, setExpanded] = useState(false);
  if (!fullText.trim()) {
    return (
      <p className={cn('text-sm italic', muted(onDark), className)}>{t('Your text will appear here.')}</p>
    );
  }
  const isFolded = preview.text.isFolded && !expanded;
  const shown = isFolded ? preview.text.text : fullText.trimEnd();
  return (
    <p className={cn('text-sm whitespace-pre-wrap wrap-anywhere', className)}>
      {lead}
      <TextWithLinks text={shown} linksAreClickable={preview.linksAreClickable} />
      {isFolded && fold ? (
        <>
          {'… '}
          <button
            type="button"
            onClick={() => setExpanded(true)}
            className={cn('font-medium hover:underline', muted(onDark))}
          >
            {fold.label === 'seeMore' ? t('see more') : t('more')}
          </button>
        </>
      ) : null}
    </p>
  );
}

/** The card a link becomes: its domain (the page itself is not fetched, so no title or image). */
export function PreviewLinkCard({
  card,
  className,
}: {
  card: NonNullable<PostPreviewModel['linkCard']>;
  className?: string;
}) {
  const { t } = useTranslation('composer');
  return (
    <figure
      aria-label={t('Link preview')}
      className={cn('flex min-w-0 items-center gap-3 overflow-hidden border bg-muted/40', className)}
    >
      <span className="flex size-16 shrink-0 items-center justify-center bg-muted text-muted-foreground">
        <Link2 aria-hidden="true" className="size-5" />
      </span>
      <span className="grid min-w-0 gap-0.5 py-2 pr-3">
        <span className="truncate text-xs tracking-wide text-muted-foreground uppercase">{card.domain}</span>
        <span className="truncate text-sm">{card.url}</span>
      </span>
    </figure>
  );
}
