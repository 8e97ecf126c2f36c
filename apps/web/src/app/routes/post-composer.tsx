import { platformsNamedInPrompt } from '@relaycast/shared/prompt-platforms';
import { Sparkles } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { AiAssistantPanel } from '@/features/ai-assistant/components/ai-assistant-panel';
import { ApprovalHistorySection } from '@/features/approvals/components/approval-history';
import { useAuth } from '@/features/auth/auth-provider';
import { PostComposer } from '@/features/composer/components/post-composer';
import { ImageEditorDialog } from '@/features/image-editor/components/image-editor-dialog';
import { LabelPicker } from '@/features/labels/components/label-picker';
import { readComposerStart } from '@/lib/composer-start';
import { usePageMeta } from '@/lib/use-page-meta';

/**
 * The one place a post is written: the composer with the AI assistant beside it, on /post-composer and on
 * /create-post alike (docs/decisions/0071-one-composer-with-the-assistant.md). What the page was opened with
 * (lib/composer-start.ts) starts it: the home page's prompt fills the assistant's prompt (not the post text) and
 * the platforms it names start chosen (docs/decisions/0026-rough-edges-layout.md); the calendar's Create Post
 * hands over its text, platforms, date and time.
 */
export function ComposerScreen({
  path,
  header,
}: {
  path: '/post-composer' | '/create-post';
  header: ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  const postId = searchParams.get('post') ?? undefined;
  const { aiPrompt, draft } = readComposerStart(location.state);
  const named = aiPrompt ? platformsNamedInPrompt(aiPrompt) : [];
  const assistantId = useId();
  const initialValues = draft
    ? { ...draft, platforms: draft.platforms.length > 0 ? draft.platforms : named }
    : { platforms: named };
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      {header}
      <JumpToAssistant targetId={assistantId} />
      <PostComposer
        postId={postId}
        initialValues={initialValues}
        authorName={user?.name ?? ''}
        newPostHref={path}
        imageEditor={(part) => <ImageEditorDialog {...part} />}
        labelPicker={(part) => <LabelPicker {...part} />}
        aside={(composer) => (
          <div id={assistantId} className="scroll-mt-20">
            <AiAssistantPanel aiPrompt={aiPrompt} composer={composer} />
          </div>
        )}
        onCreated={(post) =>
          navigate(`${path}?post=${encodeURIComponent(post.id)}`, { replace: true, state: location.state })
        }
      />
      {postId ? <ApprovalHistorySection postId={postId} /> : null}
    </div>
  );
}

/**
 * On a phone the assistant comes after the whole form: this button, above the form there, leads to it (and to its
 * prompt field). Beside the form on a wide screen, it is not needed.
 */
function JumpToAssistant({ targetId }: { targetId: string }) {
  const { t } = useTranslation('composer');
  return (
    <div className="-mt-2 lg:hidden">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => {
          const assistant = document.getElementById(targetId);
          if (!assistant) return;
          assistant.scrollIntoView({ behavior: 'smooth', block: 'start' });
          focusFirstField(assistant);
        }}
      >
        <Sparkles aria-hidden="true" />
        {t('Write with AI')}
      </Button>
    </div>
  );
}

/** How long a tap on "Write with AI" waits for a still-loading assistant to show its prompt field. */
const FIELD_WAIT_MS = 10_000;

/**
 * Focuses the assistant's prompt field (its first text area). While the assistant is still loading (it asks the
 * server whether AI is set up) the field is not there yet: the first one to appear is focused, unless the user
 * has moved on (focused something else) or FIELD_WAIT_MS passed.
 */
function focusFirstField(assistant: HTMLElement) {
  const field = assistant.querySelector('textarea');
  if (field) {
    field.focus({ preventScroll: true });
    return;
  }
  const observer = new MutationObserver(() => {
    const shown = assistant.querySelector('textarea');
    if (!shown) return;
    stop();
    shown.focus({ preventScroll: true });
  });
  const timer = window.setTimeout(() => stop(), FIELD_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('focusin', stop);
  }
  observer.observe(assistant, { childList: true, subtree: true });
  document.addEventListener('focusin', stop);
}

export function PostComposerPage() {
  const { t } = useTranslation('composer');
  const [searchParams] = useSearchParams();
  const postId = searchParams.get('post') ?? undefined;
  usePageMeta(
    postId ? t('Edit post') : t('Post Composer'),
    t('Write a post once, adapt it to each network and schedule it for the right time.'),
  );
  return (
    <ComposerScreen
      path="/post-composer"
      header={
        <header>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Post Composer')}</h1>
          <p className="mt-2 text-muted-foreground">
            {t("Write once, check every platform's limits, then save, schedule or queue it.")}
          </p>
        </header>
      }
    />
  );
}
