import { useLocation } from 'react-router';
import { CreatePostPlaceholder } from '@/features/create-post/components/create-post-placeholder';
import { usePageMeta } from '@/lib/use-page-meta';

function readAiPrompt(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('aiPrompt' in state)) return undefined;
  const { aiPrompt } = state as { aiPrompt: unknown };
  return typeof aiPrompt === 'string' && aiPrompt.trim() ? aiPrompt : undefined;
}

export function CreatePostPage() {
  const location = useLocation();
  usePageMeta(
    'Create Post',
    'Write a post for your social channels with the Relaycast AI Content Assistant.',
  );
  return <CreatePostPlaceholder aiPrompt={readAiPrompt(location.state)} />;
}
