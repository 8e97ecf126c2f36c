import { Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * Where the AI assistant will sit (a later issue builds it). Shows the prompt the visitor brought from the
 * home page, which the composer has also put in the text box.
 */
export function AiAssistantPanel({ aiPrompt }: { aiPrompt?: string }) {
  return (
    <section
      aria-labelledby="ai-assistant-heading"
      className="rounded-xl border border-dashed border-primary/50 bg-accent/40 p-5"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="ai-assistant-heading" className="flex items-center gap-2 font-semibold">
          <Sparkles aria-hidden="true" className="size-4 text-primary" />
          AI assistant
        </h2>
        <span className="rounded-full bg-card px-2 py-0.5 text-xs font-semibold text-accent-foreground ring-1 ring-primary/30">
          Coming soon
        </span>
      </div>
      <p className="mt-2 text-sm text-muted-foreground">
        Soon the assistant will draft, shorten and adapt your post for each network from a prompt. For now,
        write it yourself: everything else works.
      </p>
      {aiPrompt ? (
        <section aria-labelledby="ai-prompt-heading" className="mt-4 rounded-lg bg-card p-4 shadow-sm">
          <h3
            id="ai-prompt-heading"
            className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            Your AI prompt
          </h3>
          <blockquote className="mt-2 border-l-2 border-primary pl-3 text-sm whitespace-pre-wrap">
            {aiPrompt}
          </blockquote>
          <p className="mt-2 text-xs text-muted-foreground">We put it in the text box to start from.</p>
        </section>
      ) : null}
      <Button className="mt-4 w-full" variant="outline" disabled>
        <Sparkles aria-hidden="true" />
        Generate with AI
      </Button>
    </section>
  );
}
