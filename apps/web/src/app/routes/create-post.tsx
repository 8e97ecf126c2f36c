import { platformsNamedInPrompt } from '@relaycast/shared/prompt-platforms';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { AiAssistantPanel } from '@/features/ai-assistant/components/ai-assistant-panel';
import { useAuth } from '@/features/auth/auth-provider';
import { PostComposer } from '@/features/composer/components/post-composer';
import { usePageMeta } from '@/lib/use-page-meta';

function readAiPrompt(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('aiPrompt' in state)) return undefined;
  const { aiPrompt } = state as { aiPrompt: unknown };
  return typeof aiPrompt === 'string' && aiPrompt.trim() ? aiPrompt : undefined;
}

/**
 * The composer with the AI assistant beside it. The prompt the home page's AI Content Assistant sent fills the
 * assistant's prompt (not the post text), and the platforms it names start chosen (docs/decisions/0026-rough-edges-layout.md).
 */
export function CreatePostPage() {
  const { t } = useTranslation('composer');
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  const aiPrompt = readAiPrompt(location.state);
  // The prompt is the assistant's, not the post's text; the platforms it names start chosen in both.
  const namedPlatforms = useMemo(() => platformsNamedInPrompt(aiPrompt ?? ''), [aiPrompt]);
  const postId = searchParams.get('post') ?? undefined;
  usePageMeta(
    t('Create Post'),
    t('Write a post for your social channels with the Relaycast AI Content Assistant.'),
  );
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/features">
            <ArrowLeft aria-hidden="true" />
            {t('Back to features')}
          </Link>
        </Button>
      </div>
      <header className="-mt-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Create Post')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t('Start from your idea, shape it for each network, then save or schedule it.')}
        </p>
      </header>
      <PostComposer
        postId={postId}
        initialPlatforms={namedPlatforms}
        authorName={user?.name ?? ''}
        newPostHref="/create-post"
        aside={(composer) => <AiAssistantPanel aiPrompt={aiPrompt} composer={composer} />}
        onCreated={(post) =>
          navigate(`/create-post?post=${encodeURIComponent(post.id)}`, {
            replace: true,
            state: location.state,
          })
        }
      />
    </div>
  );
}
