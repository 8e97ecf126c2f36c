import { FREE_TRIAL_DAYS } from '@relaycast/shared/plans';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('product-features');
  usePageMeta(
    t('Features'),
    t(
      'AI content creation, smart scheduling, analytics, auto-posting and cross-platform management in Relaycast.',
    ),
  );
  if (user) {
    return (
      <div className="mx-auto grid max-w-6xl gap-8">
        <header>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Features')}</h1>
          <p className="mt-2 max-w-3xl text-muted-foreground">{t(INTRO)}</p>
        </header>
        <FeatureCards />
      </div>
    );
  }
  return (
    <>
      <PageHero eyebrow={t('Features')} title={t(TITLE)} description={t(INTRO)} />
      <section aria-label={t('Feature list')} className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
        <FeatureCards />
      </section>
      <CtaBanner
        title={t('See it with your own accounts')}
        description={t(
          'Connect your channels and try every feature free for {{days}} days. No card required.',
          { days: FREE_TRIAL_DAYS },
        )}
      >
        <Button asChild size="lg" variant="inverse">
          <Link to="/signup">{t('Start your free trial')}</Link>
        </Button>
        <Button asChild size="lg" variant="inverse-outline">
          <Link to="/pricing">{t('Compare plans')}</Link>
        </Button>
      </CtaBanner>
    </>
  );
}
