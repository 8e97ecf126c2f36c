import { formatFileSize, type MediaItem } from '@relaycast/shared/media';
import type { PostStatus } from '@relaycast/shared/posts';
import { ExternalLink, Pencil, Sparkles, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMediaUsage } from '@/api/media';
import { useTimeZone } from '@/api/settings';
import { useCanRemove } from '@/components/role-gate';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDuration } from '@/lib/format';
import { POST_STATUS_LABELS } from '@/lib/post-status';
import { formatDateTime } from '@/lib/time-zone';
import { UnsplashCredit } from './unsplash-credit';

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b py-1.5 last:border-b-0">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right font-medium tabular-nums">{value}</dd>
    </div>
  );
}

/** Where a file is used: the posts attaching it, each a link to the composer. */
function UsedIn({ id }: { id: string }) {
  const { t } = useTranslation('media-library');
  const usage = useMediaUsage(id);
  if (usage.isPending) return <Spinner label={t('Finding where it is used')} />;
  if (usage.isError) return <p className="text-sm text-destructive">{usage.error.message}</p>;
  if (usage.data.posts.length === 0)
    return <p className="text-sm text-muted-foreground">{t('Not used in any post yet.')}</p>;
  return (
    <ul aria-label={t('Posts using this file')} className="grid gap-1.5">
      {usage.data.posts.map((post) => (
        <li key={post.id} className="flex items-baseline justify-between gap-3 text-sm">
          <Link
            to={`/post-composer?post=${encodeURIComponent(post.id)}`}
            className="min-w-0 truncate font-medium text-primary underline-offset-4 hover:underline"
          >
            {post.excerpt || t('Post without text')}
          </Link>
          <span className="shrink-0 text-xs text-muted-foreground">
            {t(POST_STATUS_LABELS[post.status as PostStatus] ?? post.status)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Delete, for those the role table lets remove this file (docs/decisions/0059-removing-others-work.md). */
function DeleteButton({ item, onDelete }: { item: MediaItem; onDelete(item: MediaItem): void }) {
  const { t } = useTranslation('media-library');
  const canDelete = useCanRemove({ kind: 'media', ownerId: item.uploadedBy ?? null });
  if (!canDelete) return null;
  return (
    <Button variant="destructive" onClick={() => onDelete(item)}>
      <Trash2 aria-hidden="true" />
      {t('Delete')}
    </Button>
  );
}

/** A file's detail view: preview, size, type, dimensions, duration, the posts using it, open and delete. */
export function MediaDetailDialog({
  item,
  onClose,
  onDelete,
}: {
  item: MediaItem | null;
  onClose(): void;
  onDelete(item: MediaItem): void;
}) {
  const { t } = useTranslation('media-library');
  const timeZone = useTimeZone();
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()} title={item?.name ?? ''}>
      {item ? (
        <div className="grid gap-4">
          <div className="overflow-hidden rounded-lg bg-muted">
            {item.kind === 'video' ? (
              // biome-ignore lint/a11y/useMediaCaption: the user's own uploads come without captions.
              <video
                src={item.url}
                poster={item.thumbnailUrl ?? undefined}
                controls
                preload="metadata"
                className="max-h-72 w-full"
              />
            ) : (
              <img src={item.url} alt={item.name} className="mx-auto max-h-72 object-contain" />
            )}
          </div>
          {item.generation ? (
            <Badge className="justify-self-start">
              <Sparkles aria-hidden="true" className="size-3" />
              {t('AI-generated')}
            </Badge>
          ) : null}
          {item.attribution ? (
            <div className="grid gap-1 text-sm">
              <UnsplashCredit attribution={item.attribution} className="text-sm" />
              <a
                className="justify-self-start text-xs underline underline-offset-2"
                href={item.attribution.photoUrl}
                target="_blank"
                rel="noreferrer"
              >
                {t('The photo on Unsplash')}
              </a>
            </div>
          ) : null}
          {item.derivedFromId ? (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <Badge>
                <Pencil aria-hidden="true" className="size-3" />
                {t('Edited copy')}
              </Badge>
              <a
                className="underline underline-offset-2"
                href={`/api/media/${encodeURIComponent(item.derivedFromId)}/file`}
                target="_blank"
                rel="noreferrer"
              >
                {t('Open the original')}
              </a>
            </p>
          ) : null}
          <dl aria-label={t('File details')} className="text-sm">
            <Fact term={t('Type')} value={item.mimeType} />
            <Fact term={t('Size')} value={formatFileSize(item.sizeBytes)} />
            <Fact
              term={t('Dimensions')}
              value={item.width && item.height ? `${item.width} × ${item.height} px` : t('Unknown')}
            />
            {item.kind === 'video' ? (
              <Fact
                term={t('Duration')}
                value={item.durationSeconds !== null ? formatDuration(item.durationSeconds) : t('Unknown')}
              />
            ) : null}
            <Fact term={t('Uploaded')} value={formatDateTime(item.createdAt, timeZone)} />
            {item.generation ? (
              <>
                <Fact term={t('Prompt')} value={item.generation.prompt} />
                <Fact term={t('Model')} value={`${item.generation.model} (${item.generation.provider})`} />
              </>
            ) : null}
          </dl>
          <section aria-label={t('Where it is used')} className="grid gap-2">
            <h3 className="text-sm font-semibold">{t('Where it is used')}</h3>
            <UsedIn id={item.id} />
          </section>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {item.kind === 'image' ? (
              <Button asChild variant="outline">
                <Link to={`/image-editor?media=${encodeURIComponent(item.id)}`}>
                  <Pencil aria-hidden="true" />
                  {t('Edit image')}
                </Link>
              </Button>
            ) : null}
            <Button asChild variant="outline">
              <a href={item.url} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden="true" />
                {t('Open file')}
              </a>
            </Button>
            <DeleteButton item={item} onDelete={onDelete} />
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
