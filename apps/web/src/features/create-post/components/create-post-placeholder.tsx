import { ArrowLeft, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * /create-post until the post editor lands: says what is coming and shows the prompt that came from the
 * home page's AI Content Assistant, so nothing typed there is lost.
 */
export function CreatePostPlaceholder({ aiPrompt }: { aiPrompt?: string }) {
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Create Post</h1>
        <p className="mt-2 text-muted-foreground">Post creation form coming soon...</p>
      </header>
      {aiPrompt ? (
        <section aria-labelledby="ai-prompt-heading" className="rounded-xl border bg-card p-6 shadow-sm">
          <h2 id="ai-prompt-heading" className="flex items-center gap-2 text-sm font-semibold">
            <Sparkles aria-hidden="true" className="size-4 text-primary" />
            Your AI prompt
          </h2>
          <blockquote className="mt-3 border-l-2 border-primary pl-4 text-lg whitespace-pre-wrap">
            {aiPrompt}
          </blockquote>
          <p className="mt-4 text-sm text-muted-foreground">
            We kept it for you: the AI Content Assistant will draft your post from it as soon as the editor is
            ready.
          </p>
        </section>
      ) : null}
      <div>
        <Button asChild variant="outline">
          <Link to="/features">
            <ArrowLeft aria-hidden="true" />
            Back to features
          </Link>
        </Button>
      </div>
    </div>
  );
}
