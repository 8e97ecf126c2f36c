/*
 * Over 300 lines on purpose: the form and the helpers that turn a post into its values and back stay together.
 * The composer form: its sections (composer-sections.tsx), media and publish panel, and the assistant's bridge
 * share the one post form (`usePostForm`, lib/use-post-form.ts); the "Shorten links" choice is a hook
 * (hooks/use-short-link-choice.ts), and the AI assistant is a feature of its own composed by the route.
 */

import type { SocialAccount } from '@relaycast/shared/accounts';
import { altTextLimitFor } from '@relaycast/shared/alt-text';
import { APPROVAL_MESSAGES } from '@relaycast/shared/approvals';
import type { Label } from '@relaycast/shared/labels';
import type { PlatformId } from '@relaycast/shared/platforms';
import { LOCKED_POST_STATUSES, POST_MESSAGES, type Post, type PostAction } from '@relaycast/shared/posts';
import type { TFunction } from 'i18next';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAccounts } from '@/api/accounts';
import { useApprovalStatus } from '@/api/approvals';
import { usePost, useSavePost } from '@/api/posts';
import { useTimeZone } from '@/api/settings';
import { MissingAccountsDialog, platformsWithoutAccount } from '@/components/missing-accounts-dialog';
import { PostAttribution } from '@/components/post-attribution';
import { PostTargets } from '@/components/post-targets';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { translateMessage } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import type { ComposerBridge } from '@/lib/composer-bridge';
import { emptyValues, type PostFormValues, valuesFromPost } from '@/lib/post-form';
import { formatInstant, nextFullHour } from '@/lib/time-zone';
import { toast } from '@/lib/toast';
import { usePostForm } from '@/lib/use-post-form';
import { useBestTimeChoice } from '../hooks/use-best-time-choice';
import { useAutoSignature } from '../hooks/use-composer-library';
import { useEvergreenSave } from '../hooks/use-evergreen-save';
import { useSeriesSave } from '../hooks/use-series-save';
import { useShortLinkChoice } from '../hooks/use-short-link-choice';
import { useWatermarkChoice } from '../hooks/use-watermark-choice';
import { effectiveAccounts } from './account-picker';
import { composerBridge } from './assistant-bridge';
import { PlatformsSection, PostTextSection, PreviewSection } from './composer-sections';
import type { ImageEditorPart } from './edit-attached-image';
import { EvergreenControl } from './evergreen-control';
import { FirstCommentField } from './first-comment-field';
import { MediaAttachments } from './media-attachments';
import { PostPreview } from './post-preview';
import { PostStatusLine } from './post-status-line';
import { PublishPanel } from './publish-panel';
import { ReelCoverOptions } from './reel-cover-options';
import { RepeatControl } from './repeat-control';
import { SeriesNote, SeriesScopeDialog } from './series-scope-dialog';
import { ThreadEditor } from './thread-editor';
import { WatermarkOptions } from './watermark-options';

interface PostComposerProps {
  /** The post to edit; without it the composer starts a new one. */
  postId?: string;
  /**
   * What a new post starts with: the platforms the home page's AI prompt names, or what the calendar's Create
   * Post held (lib/composer-start.ts). An empty date or time is the next full hour.
   */
  initialValues?: Partial<Pick<PostFormValues, 'content' | 'platforms' | 'date' | 'time'>>;
  authorName: string;
  /** Shown above the preview (the AI assistant's place); a function gets the bridge. */
  aside?: ReactNode | ((bridge: ComposerBridge) => ReactNode);
  /** Called once a new post has its id, so the page can put it in the address. */
  onCreated(post: Post): void;
  /** Where "New post" leads. */
  newPostHref: string;
  /** The image editor's dialog (the route hands it in): attached still images get an Edit control. */
  imageEditor?: ImageEditorPart;
  /** The labels' picker (features/labels, handed in by the route): the post's labels and their change. */
  labelPicker?: (props: { value: Label[]; onChange(labels: Label[]): void }) => ReactNode;
}

/** The composer: loads the post to edit, then hands it to the form. */
export function PostComposer(props: PostComposerProps) {
  const { t } = useTranslation('composer');
  const { postId } = props;
  const query = usePost(postId);
  const createdId = useRef<string | null>(null);
  // The form stays mounted when the page adds the id of the post it has just created to the address.
  const form = useRef({ id: postId, key: 0 });
  if (form.current.id !== postId) {
    const isJustCreated = postId !== undefined && postId === createdId.current;
    form.current = { id: postId, key: isJustCreated ? form.current.key : form.current.key + 1 };
  }

  if (postId && postId !== createdId.current && query.isPending)
    return <LoadingScreen label={t('Loading post')} />;
  if (postId && postId !== createdId.current && query.isError) {
    return (
      <div role="alert" className="rounded-xl border bg-card p-8 text-center">
        <p className="font-semibold">
          {query.error instanceof ApiError && query.error.status === 404
            ? translateMessage(POST_MESSAGES.notFound)
            : query.error.message}
        </p>
        <Button asChild variant="outline" className="mt-4">
          <Link to={props.newPostHref}>{t('Write a new post')}</Link>
        </Button>
      </div>
    );
  }
  return (
    <ComposerForm
      key={form.current.key}
      {...props}
      post={postId ? query.data : undefined}
      onCreated={(post) => {
        createdId.current = post.id;
        props.onCreated(post);
      }}
    />
  );
}

// function-budget: ComposerForm wires each section to the one post form; its parts are components already
function ComposerForm({
  post: initialPost,
  initialValues,
  authorName,
  aside,
  onCreated,
  newPostHref,
  imageEditor,
  labelPicker,
}: PostComposerProps & { post?: Post }) {
  const { t } = useTranslation('composer');
  const timeZone = useTimeZone();
  const ids = useId();
  const [saved, setSaved] = useState<Post | undefined>(initialPost);
  const [selection, setSelection] = useState({ start: 0, end: 0 });
  const [uploadCount, setUploadCount] = useState(0);
  const save = useSavePost();
  const approval = useApprovalStatus();
  const accounts = useAccounts().data;
  const [missing, setMissing] = useState<PlatformId[]>([]);
  const bestTime = useBestTimeChoice(timeZone);
  // The saved post as it is now: its targets change as the workers publish it.
  const live = usePost(saved?.id).data ?? saved;
  const isLocked = live ? LOCKED_POST_STATUSES.includes(live.status) : false;
  const shortLinks = useShortLinkChoice(saved?.id);
  const watermark = useWatermarkChoice(saved?.id);
  const series = useSeriesSave(saved, (id, input) => save.mutateAsync({ id, input }));
  const evergreen = useEvergreenSave(saved);
  const navigate = useNavigate();
  const form = usePostForm({
    textOptionsOf: shortLinks.textOptionsOf,
    initialValues: () => startValues(initialPost, initialValues, timeZone),
    timeZone,
    save: async (input, action) => evergreen.addAfter(await series.saveInput(input, action), action),
    isReadyToSave: (values, action) => hasAccountsToPublishNow(values, action, accounts, setMissing),
    onSaved(post, action) {
      const wasNew = !saved;
      setSaved(post);
      toastSaved(t, post, action, timeZone);
      // A new series post ("this and following") has a new id too.
      if (wasNew || post.id !== saved?.id) onCreated(post);
    },
    failureMessage: t('Could not save the post.'),
  });
  const { values, update } = form;
  useAutoSignature(!initialPost, update);
  const bridge = composerBridge(form, isLocked, selection, setSelection);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
      <form
        noValidate
        className="grid min-w-0 gap-6"
        aria-label={t('Post')}
        onSubmit={(event) => {
          event.preventDefault();
          if (!series.needsScope('schedule')) void form.submit('schedule');
        }}
      >
        {live ? <PostStatusLine post={live} timeZone={timeZone} newPostHref={newPostHref} /> : null}
        {live ? <PostAttribution post={live} className="text-sm" /> : null}
        {live ? <PostTargets post={live} /> : null}
        {live && series.inSeries ? (
          <SeriesNote
            series={series.inSeries.series}
            postId={live.id}
            onDeleted={() => navigate(newPostHref)}
          />
        ) : null}
        {isLocked ? (
          <p role="status" className="rounded-lg border bg-muted p-4 text-sm">
            {translateMessage(POST_MESSAGES.notEditable)}
          </p>
        ) : null}
        <fieldset disabled={isLocked} className="grid min-w-0 gap-6">
          <PlatformsSection form={form} ids={ids} />
          <PostTextSection
            form={form}
            ids={ids}
            selection={selection}
            onSelect={setSelection}
            shortLinks={shortLinks}
          />
          <ThreadEditor
            platforms={values.platforms}
            parts={values.threadParts ?? []}
            media={values.threadMedia}
            onChange={(threadParts, threadMedia) => update({ threadParts, threadMedia })}
            shortLinkBase={shortLinks.baseOf(values)}
          />
          <MediaAttachments
            media={values.media}
            onChange={(change) => update((current) => ({ ...current, media: change(current.media) }))}
            onUploadingChange={setUploadCount}
            altTextLimit={altTextLimitFor(values.platforms)}
            imageEditor={imageEditor}
            platforms={values.platforms}
          />
          <FirstCommentField
            platforms={values.platforms}
            value={values.firstComment ?? ''}
            onChange={(text) => update({ firstComment: text })}
          />
          <WatermarkOptions
            values={values}
            choice={watermark}
            accounts={accounts ?? []}
            onChange={(choice) => update({ watermark: choice })}
          />
          <ReelCoverOptions
            postId={saved?.id}
            values={values}
            onChange={(reelCover) => update({ reelCover })}
          />
          {labelPicker?.({
            value: values.labels ?? [],
            onChange: (labels) => update({ labels, labelsChanged: true }),
          })}
          <PublishPanel
            date={values.date}
            time={values.time}
            timeZone={timeZone}
            onTimeChange={(slot) => update(slot)}
            scheduleError={form.errorOf('scheduledAt')}
            failedAction={form.failedAction}
            problems={form.problems}
            pendingAction={
              save.isPending ? save.variables?.input.action : series.isSaving ? 'schedule' : undefined
            }
            isUploading={uploadCount > 0}
            onAction={(action) => series.needsScope(action) || void form.submit(action)}
            onBestTime={() => {
              const accountIds = accountIdsOf(values, accounts ?? []);
              void bestTime
                .find({ platforms: values.platforms, accountIds })
                .then((slot) => slot && update(slot));
            }}
            isFindingBestTime={bestTime.isFinding}
            bestTimeNote={bestTime.note}
            needsApproval={approval.data?.needsApproval ?? false}
            scheduledFor={scheduledTimeOf(live, timeZone)}
            repeat={
              saved ? undefined : (
                <>
                  <RepeatControl value={series.repeat} date={values.date} onChange={series.setRepeat} />
                  <EvergreenControl
                    value={evergreen.choice}
                    ownText={values.content}
                    platforms={values.platforms}
                    onChange={evergreen.setChoice}
                  />
                </>
              )
            }
          />
        </fieldset>
      </form>
      <MissingAccountsDialog platforms={missing} onClose={() => setMissing([])} />
      <SeriesScopeDialog
        open={series.asking !== null}
        onAnswer={(scope) => series.answer(scope, (action) => void form.submit(action))}
      />

      <aside aria-label={t('Preview and assistant')} className="grid min-w-0 gap-6 lg:sticky lg:top-20">
        {typeof aside === 'function' ? aside(bridge) : aside}
        <PreviewSection ids={ids}>
          <PostPreview
            values={shortLinks.previewOf(values)}
            authorName={authorName}
            accounts={accounts ?? []}
          />
        </PreviewSection>
      </aside>
    </div>
  );
}

/**
 * "Publish now" to platforms without an account is stopped with a dialog (scheduling is warned in the picker):
 * false, with the platforms handed to the dialog, when one has none.
 */
function hasAccountsToPublishNow(
  values: PostFormValues,
  action: PostAction,
  accounts: SocialAccount[] | undefined,
  setMissing: (platforms: PlatformId[]) => void,
): boolean {
  if (action !== 'now' || !accounts) return true;
  const without = platformsWithoutAccount(values.platforms, accounts, (platform) =>
    effectiveAccounts(platform, values.accounts, accounts),
  );
  if (without.length > 0) setMissing(without);
  return without.length === 0;
}

function accountIdsOf(values: PostFormValues, accounts: SocialAccount[]): string[] {
  return values.platforms.flatMap((platform) => effectiveAccounts(platform, values.accounts, accounts));
}

/** The form's first values: the post's, or a new post's. */
function startValues(
  post: Post | undefined,
  start: PostComposerProps['initialValues'],
  timeZone: string,
): PostFormValues {
  return post
    ? valuesFromPost(post, timeZone, nextFullHour(timeZone))
    : newPostValues(start, nextFullHour(timeZone));
}

/** A new post's values: what the page handed over, the next full hour where it gave no date or time. */
function newPostValues(
  start: PostComposerProps['initialValues'],
  slot: { date: string; time: string },
): PostFormValues {
  return {
    ...emptyValues(start?.content ?? '', {
      date: start?.date || slot.date,
      time: start?.time || slot.time,
    }),
    platforms: [...(start?.platforms ?? [])],
  };
}

/** A scheduled post's time as shown; undefined for any other post (publish-panel.tsx words its actions by it). */
function scheduledTimeOf(post: Post | undefined, timeZone: string): string | undefined {
  return post?.status === 'scheduled' && post.scheduledAt
    ? formatInstant(post.scheduledAt, timeZone)
    : undefined;
}

/** The toast that says what a save did: saved, sent for approval, publishing, queued or scheduled. */
function toastSaved(t: TFunction<'composer'>, post: Post, action: PostAction, timeZone: string) {
  if (action === 'draft') toast.success(translateMessage(POST_MESSAGES.saved));
  else if (post.status === 'awaiting_approval') toast.success(translateMessage(APPROVAL_MESSAGES.submitted));
  else if (action === 'now') toast.success(t('Publishing now'));
  else if (post.scheduledAt) {
    const when = formatInstant(post.scheduledAt, timeZone);
    if (action === 'queue') toast.success(t('Added to the queue for {{when}}', { when }));
    else
      toast.success(translateMessage(POST_MESSAGES.scheduled), {
        description: t('It goes out {{when}}.', { when }),
      });
  }
}
