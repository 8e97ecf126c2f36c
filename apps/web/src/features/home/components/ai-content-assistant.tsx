import { Lightbulb, ShieldAlert, Sparkles, Wand2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ComposerStart } from '@/lib/composer-start';

export const AI_PROMPT_MAX_LENGTH = 1000;

const COLUMNS = [
  {
    title: 'Examples',
    icon: Lightbulb,
    items: [
      'A launch post for our new cold-brew blend, friendly and short',
      'Turn this week’s blog post into a five-part thread',
      'Three Instagram captions for a summer sale, with hashtags',
    ],
  },
  {
    title: 'Capabilities',
    icon: Sparkles,
    items: [
      'Drafts posts in your brand voice from a one-line idea',
      'Adapts length, tone and hashtags to each network',
      'Suggests images and the best time to publish',
    ],
  },
  {
    title: 'Limitations',
    icon: ShieldAlert,
    items: [
      'It can get facts, prices and dates wrong: review before posting',
      'It may not know about very recent events',
      'It uses the AI provider your workspace configures',
    ],
  },
] as const;

/**
 * The AI Content Assistant box: what the assistant can do, and a prompt that opens the post editor with it.
 * An empty or blank prompt does nothing.
 */
export function AiContentAssistant() {
  const navigate = useNavigate();
  const { t } = useTranslation('home');
  const inputRef = useRef<HTMLInputElement>(null);
  const [prompt, setPrompt] = useState('');
  const headingId = useId();
  const inputId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const aiPrompt = prompt.trim();
    if (!aiPrompt) {
      inputRef.current?.focus();
      return;
    }
    // The composer reads it from the navigation state (lib/composer-start.ts).
    const state: ComposerStart = { aiPrompt };
    navigate('/create-post', { state });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border bg-card p-5 text-left shadow-xl shadow-primary/5 sm:p-8"
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <Wand2 aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            {t('AI Content Assistant')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('Describe a post; Relaycast writes the first draft.')}
          </p>
        </div>
      </div>

      <form onSubmit={handleSubmit} className="mt-6 grid gap-2">
        <Label htmlFor={inputId}>{t('What would you like to create?')}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={inputRef}
            id={inputId}
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
            maxLength={AI_PROMPT_MAX_LENGTH}
            placeholder={t('A LinkedIn post announcing our spring webinar')}
            autoComplete="off"
            className="h-12 text-base sm:flex-1"
          />
          <Button type="submit" size="lg" className="sm:w-auto">
            <Sparkles aria-hidden="true" />
            {t('Generate')}
          </Button>
        </div>
      </form>

      <div className="mt-8 grid gap-6 border-t pt-6 md:grid-cols-3">
        {COLUMNS.map(({ title, icon: Icon, items }) => (
          <div key={title}>
            <h3 className="flex items-center gap-2 text-sm font-semibold">
              <Icon aria-hidden="true" className="size-4 text-primary" />
              {t(title)}
            </h3>
            <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
              {items.map((item) => (
                <li key={item} className="flex gap-2">
                  <span
                    aria-hidden="true"
                    className="mt-2 size-1 shrink-0 rounded-full bg-muted-foreground"
                  />
                  {t(item)}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
