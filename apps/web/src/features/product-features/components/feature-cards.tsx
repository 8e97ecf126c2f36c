import {
  ArrowRight,
  BarChart3,
  CalendarClock,
  Check,
  Layers,
  type LucideIcon,
  Send,
  Sparkles,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

interface FeatureCard {
  title: string;
  description: string;
  points: readonly string[];
  to: string;
  icon: LucideIcon;
}

/** The five features of the Features page, each with a Try Now link to the screen that does it. */
export const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    title: 'AI Content Creation',
    description: 'Start from one line and get a post that sounds like you, ready for every network.',
    points: [
      'Drafts captions, threads and hashtags',
      'Rewrites for each platform’s length and tone',
      'Works with OpenAI, Anthropic or a model you run yourself',
    ],
    to: '/create-post',
    icon: Sparkles,
  },
  {
    title: 'Smart Scheduling',
    description: 'Plan weeks ahead on one calendar and publish when your audience is most active.',
    points: [
      'Three weeks of scheduled posts at a glance',
      'Best-time suggestions from your own results',
      'Time zones that survive daylight saving',
    ],
    to: '/calendar',
    icon: CalendarClock,
  },
  {
    title: 'Analytics',
    description: 'See what works across every account without exporting a single spreadsheet.',
    points: [
      'Followers, engagement rate, shares and comments',
      'Weekly engagement trend and platform split',
      'Numbers pulled from the networks themselves',
    ],
    to: '/analytics',
    icon: BarChart3,
  },
  {
    title: 'Auto-Posting',
    description: 'Scheduled posts publish themselves, and nothing is ever posted twice.',
    points: [
      'Text, images and video on every network',
      'Retries that check the platform before trying again',
      'A clear notice when a platform refuses a post',
    ],
    to: '/dashboard',
    icon: Send,
  },
  {
    title: 'Cross-Platform',
    description: 'Manage every account, stream and video from one workspace.',
    points: [
      'Instagram, Twitter, Facebook, LinkedIn, TikTok and YouTube',
      'Go live to several platforms at once',
      'Video editor and clip generator built in',
    ],
    to: '/media-tools',
    icon: Layers,
  },
];

export function FeatureCards() {
  const { t } = useTranslation('product-features');
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-6">
      {FEATURE_CARDS.map(({ title, description, points, to, icon: Icon }, index) => {
        const headingId = `feature-${to.slice(1)}`;
        // Two wide cards over three narrow ones; the odd one out spans the row on two-column screens.
        const span = index < 2 ? 'lg:col-span-3' : index === FEATURE_CARDS.length - 1 ? 'md:col-span-2' : '';
        return (
          <li key={title} className={cn('flex lg:col-span-2', span)}>
            <article
              aria-labelledby={headingId}
              className="flex flex-1 flex-col rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h2 id={headingId} className="mt-5 text-xl font-semibold tracking-tight">
                {t(title)}
              </h2>
              <p className="mt-2 text-muted-foreground">{t(description)}</p>
              <ul className="mt-5 grid gap-2 text-sm">
                {points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                    {t(point)}
                  </li>
                ))}
              </ul>
              <div className="mt-auto pt-6">
                <Button asChild variant="outline" className="w-full">
                  <Link to={to}>
                    {t('Try Now')}
                    <span className="sr-only">: {t(title)}</span>
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
