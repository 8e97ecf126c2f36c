import { UNAPPROVED_POST_STATUSES } from '@relaycast/shared/approvals';
import { todayIn } from '@relaycast/shared/calendar';
import { POST_MESSAGES, type Post } from '@relaycast/shared/posts';
import { FilePen, PenSquare, Search } from 'lucide-react';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDeletePost, useDuplicatePost, usePosts, useRestorePost } from '@/api/posts';
import { useTimeZone } from '@/api/settings';
import { PostImportLinks } from '@/components/post-import-links';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadingScreen, Spinner } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { DraftCard } from './draft-card';
import { ScheduleDraftDialog } from './schedule-draft-dialog';

/** How long the Undo of a delete stays on screen. */
export const UNDO_DELETE_MS = 5000;

const DRAFT_LIKE_STATUSES = ['draft', ...UNAPPROVED_POST_STATUSES].join(',');

/** The workspace's drafts, newest first, with search, and open / schedule / duplicate / delete (undoable). */
// function-budget: DraftsList lays out one screen part in one JSX tree; split into named parts when it next changes
export function DraftsList({
  labelFilter,
}: {
  /** The filter by label (features/labels, handed in by the route): the chosen label id ('' : every draft). */
  labelFilter?: (props: { value: string; onChange(labelId: string): void }) => ReactNode;
} = {}) {
  const { t } = useTranslation('drafts');
  const searchId = useId();
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  // Drafts, and posts not approved yet or sent back (approvals), which their authors work on here too.
  const [labelId, setLabelId] = useState('');
  const drafts = usePosts({ status: DRAFT_LIKE_STATUSES, q: q || undefined, label: labelId || undefined });
  const [scheduling, setScheduling] = useState<Post | null>(null);

  const remove = useDeletePost();
  const restore = useRestorePost();
  const duplicate = useDuplicatePost();

  const onDelete = useCallback(
    (post: Post) => {
      remove.mutate(post, {
        onSuccess: () =>
          toast.success(translateMessage(POST_MESSAGES.deleted), {
            duration: UNDO_DELETE_MS,
            action: {
              label: t('Undo'),
              onClick: () =>
                restore.mutate(post.id, {
                  onSuccess: () => toast.success(translateMessage(POST_MESSAGES.restored)),
                  onError: (error) => showError(error),
                }),
            },
          }),
        onError: (error) => showError(error),
      });
    },
    [remove.mutate, restore.mutate, t],
  );
  const onDuplicate = useCallback(
    (post: Post) => {
      duplicate.mutate(post.id, {
        onSuccess: (copy) =>
          toast.success(t('Draft duplicated'), {
            action: {
              label: t('Open'),
              onClick: () => void navigate(`/post-composer?post=${encodeURIComponent(copy.id)}`),
            },
          }),
        onError: (error) => showError(error),
      });
    },
    [duplicate.mutate, navigate, t],
  );

  const list = drafts.data ?? [];
  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Drafts')}</h1>
          <p className="mt-2 text-muted-foreground">
            {t('Posts you started but have not scheduled yet, newest first.')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <PostImportLinks />
          <Button asChild>
            <Link to="/post-composer">
              <PenSquare aria-hidden="true" />
              {t('New post')}
            </Link>
          </Button>
        </div>
      </header>

      <div className="flex flex-wrap items-end gap-3">
        <search className="relative block w-full max-w-md">
          <label htmlFor={searchId} className="sr-only">
            {t('Search drafts')}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            placeholder={t('Search drafts')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
          {drafts.isFetching && !drafts.isPending ? (
            <Spinner
              label={t('Searching')}
              className="absolute top-1/2 right-3 -translate-y-1/2 [&_svg]:size-4"
            />
          ) : null}
        </search>
        {labelFilter?.({ value: labelId, onChange: setLabelId })}
      </div>

      {drafts.isPending ? (
        <LoadingScreen label={t('Loading drafts')} />
      ) : drafts.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
        >
          <span>{drafts.error.message}</span>
          <Button variant="outline" size="sm" onClick={() => void drafts.refetch()}>
            {t('Try again')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-14 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
            <FilePen aria-hidden="true" className="size-6" />
          </span>
          {labelId && !q ? (
            <p className="font-semibold">{t('No drafts carry this label.')}</p>
          ) : q ? (
            <p className="font-semibold">{t('No drafts match “{{query}}”.', { query: q })}</p>
          ) : (
            <>
              <p className="font-semibold">{t('No drafts yet')}</p>
              <p className="max-w-sm text-sm text-muted-foreground">
                {t('Save a post as a draft in the composer and it waits for you here.')}
              </p>
              <Button asChild variant="outline">
                <Link to="/post-composer">{t('Write a post')}</Link>
              </Button>
            </>
          )}
        </div>
      ) : (
        <ul aria-label={t('Drafts')} className="grid gap-3">
          {list.map((post) => (
            <li key={post.id}>
              <DraftCard
                post={post}
                onSchedule={setScheduling}
                onDuplicate={onDuplicate}
                onDelete={onDelete}
              />
            </li>
          ))}
        </ul>
      )}

      <ScheduleDraftDialog
        post={scheduling}
        timeZone={timeZone}
        minDate={todayIn(timeZone)}
        onClose={() => setScheduling(null)}
      />
    </div>
  );
}
