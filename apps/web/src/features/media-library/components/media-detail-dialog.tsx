import { formatFileSize, type MediaItem } from '@relaycast/shared/media';
import type { PostStatus } from '@relaycast/shared/posts';
import { ExternalLink, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useMediaUsage } from '@/api/media';
import { useTimeZone } from '@/api/settings';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { POST_STATUS_LABELS } from '@/lib/post-status';
import { formatDateTime } from '@/lib/time-zone';
import { formatDuration } from '../format';

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
  const usage = useMediaUsage(id);
  if (usage.isPending) return <Spinner label="Finding where it is used" />;
  if (usage.isError) return <p className="text-sm text-destructive">{usage.error.message}</p>;
  if (usage.data.posts.length === 0)
    return <p className="text-sm text-muted-foreground">Not used in any post yet.</p>;
  return (
    <ul aria-label="Posts using this file" className="grid gap-1.5">
      {usage.data.posts.map((post) => (
        <li key={post.id} className="flex items-baseline justify-between gap-3 text-sm">
          <Link
            to={`/post-composer?post=${encodeURIComponent(post.id)}`}
            className="min-w-0 truncate font-medium text-primary underline-offset-4 hover:underline"
          >
            {post.excerpt || 'Post without text'}
          </Link>
          <span className="shrink-0 text-xs text-muted-foreground">
            {POST_STATUS_LABELS[post.status as PostStatus] ?? post.status}
          </span>
        </li>
      ))}
    </ul>
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
          <dl aria-label="File details" className="text-sm">
            <Fact term="Type" value={item.mimeType} />
            <Fact term="Size" value={formatFileSize(item.sizeBytes)} />
            <Fact
              term="Dimensions"
              value={item.width && item.height ? `${item.width} × ${item.height} px` : 'Unknown'}
            />
            {item.kind === 'video' ? (
              <Fact
                term="Duration"
                value={item.durationSeconds !== null ? formatDuration(item.durationSeconds) : 'Unknown'}
              />
            ) : null}
            <Fact term="Uploaded" value={formatDateTime(item.createdAt, timeZone)} />
          </dl>
          <section aria-label="Where it is used" className="grid gap-2">
            <h3 className="text-sm font-semibold">Where it is used</h3>
            <UsedIn id={item.id} />
          </section>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <a href={item.url} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden="true" />
                Open file
              </a>
            </Button>
            <Button variant="destructive" onClick={() => onDelete(item)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
