import { FREE_TRIAL_DAYS } from '@relaycast/shared/plans';
import { Link } from 'react-router';
import { CtaBanner } from '@/components/cta-banner';
import { PageHero } from '@/components/page-hero';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/auth-provider';
import { FeatureCards } from '@/features/product-features/components/feature-cards';
import { usePageMeta } from '@/lib/use-page-meta';

const TITLE = 'Everything you need to grow on social';
const INTRO =
  'Five tools that work together: write with AI, schedule at the right time, publish automatically, measure what works and run every account from one place.';

/**
 * Visitors see it as a marketing page inside the public site; signed-in users see the same cards inside the
 * app shell, headed like every other app screen and without the sign-up pitch.
 */
export function FeaturesPage() {
  const { user } = useAuth();
  usePageMeta(
    'Features',
    'AI content creation, smart scheduling, analytics, auto-posting and cross-platform management in Relaycast.',
  );
  if (user) {
    return (
      <div className="mx-auto grid max-w-6xl gap-8">
        <header>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Features</h1>
          <p className="mt-2 max-w-3xl text-muted-foreground">{INTRO}</p>
        </header>
        <FeatureCards />
      </div>
    );
  }
  return (
    <>
      <PageHero eyebrow="Features" title={TITLE} description={INTRO} />
      <section aria-label="Feature list" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
        <FeatureCards />
      </section>
      <CtaBanner
        title="See it with your own accounts"
        description={`Connect your channels and try every feature free for ${FREE_TRIAL_DAYS} days. No card required.`}
      >
        <Button asChild size="lg" variant="inverse">
          <Link to="/signup">Start your free trial</Link>
        </Button>
        <Button asChild size="lg" variant="inverse-outline">
          <Link to="/pricing">Compare plans</Link>
        </Button>
      </CtaBanner>
    </>
  );
}
