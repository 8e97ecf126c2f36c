import { FREE_TRIAL_DAYS } from '@relaycast/shared/plans';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CtaBanner } from '@/components/cta-banner';
import { SectionHeading } from '@/components/section-heading';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/auth-provider';
import { AiContentAssistant } from '@/features/home/components/ai-content-assistant';
import { ProductHighlights } from '@/features/home/components/product-highlights';
import { SocialPlatforms } from '@/features/home/components/social-platforms';
import { usePageMeta } from '@/lib/use-page-meta';

export function HomePage() {
  const { user } = useAuth();
  const { t } = useTranslation('home');
  usePageMeta(
    'Relaycast',
    t(
      'Supercharge your social media with an AI-powered tool: create, schedule, post, analyse and stream from one open-source app.',
    ),
  );
  return (
    <>
      <section className="relative isolate overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(70%_60%_at_50%_0%,var(--color-accent),transparent)]"
        />
        <div className="mx-auto max-w-5xl px-4 pt-16 pb-12 text-center sm:px-6 sm:pt-24">
          <Badge variant="outline" className="px-3 py-1">
            {t('Open source · Self-hostable · AI-assisted')}
          </Badge>
          <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            {t('Supercharge your social media with an AI-powered tool')}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
            {t(
              'Relaycast drafts your posts with AI, schedules them for the hours your audience is online, publishes everywhere, gathers every reply in one inbox and takes you live on all your channels at once.',
            )}
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {user ? (
              <Button asChild size="lg">
                <Link to="/dashboard">
                  {t('Go to your dashboard')}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            ) : (
              <Button asChild size="lg">
                <Link to="/signup">
                  {t('Start your free trial')}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            )}
            <Button asChild size="lg" variant="outline">
              <Link to="/features">{t('Explore features')}</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            {t('{{days}}-day free trial · No card required', { days: FREE_TRIAL_DAYS })}
          </p>
        </div>
        <div className="mx-auto max-w-5xl px-4 pb-16 sm:px-6">
          <AiContentAssistant />
        </div>
      </section>

      <section aria-label={t('Supported networks')} className="border-y bg-muted/40 px-4 py-10">
        <SocialPlatforms />
      </section>

      <section aria-labelledby="home-highlights" className="mx-auto w-full max-w-7xl px-4 py-20 sm:px-6">
        <SectionHeading
          id="home-highlights"
          eyebrow={t('One app instead of five')}
          title={t('Everything between an idea and a published post')}
          description={t(
            'Write, plan, publish, answer and stream without juggling tabs or paying for a tool per network.',
          )}
        />
        <div className="mt-12">
          <ProductHighlights />
        </div>
      </section>

      <CtaBanner
        title={t('Your next month of posts, planned this afternoon')}
        description={t(
          'Try every feature free for {{days}} days. No card, and you can host it yourself whenever you like.',
          { days: FREE_TRIAL_DAYS },
        )}
      >
        {user ? (
          <Button asChild size="lg" variant="inverse">
            <Link to="/dashboard">{t('Open your dashboard')}</Link>
          </Button>
        ) : (
          <Button asChild size="lg" variant="inverse">
            <Link to="/signup">{t('Create your account')}</Link>
          </Button>
        )}
        <Button asChild size="lg" variant="inverse-outline">
          <Link to="/pricing">{t('See pricing')}</Link>
        </Button>
      </CtaBanner>
    </>
  );
}
