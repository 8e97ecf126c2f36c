import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHero } from '@/components/page-hero';
import { Button } from '@/components/ui/button';
import { FaqAccordion } from '@/features/faq/components/faq-accordion';
import { FAQ_ITEMS } from '@/features/faq/faq-items';
import { usePageMeta } from '@/lib/use-page-meta';

export function FaqPage() {
  const { t } = useTranslation('faq');
  usePageMeta(
    t('FAQ'),
    t(
      'Answers about Relaycast: supported platforms, the free trial, self-hosting, the AI assistant, streaming, teams and security.',
    ),
  );
  return (
    <>
      <PageHero
        eyebrow={t('FAQ')}
        title={t('Frequently asked questions')}
        description={t(
          "Everything people usually ask before they start with Relaycast. Can't find your answer? Our team is happy to help.",
        )}
      />
      <section
        aria-label={t('Questions and answers')}
        className="mx-auto w-full max-w-3xl px-4 py-14 sm:px-6"
      >
        <FaqAccordion items={FAQ_ITEMS} />
        <div className="mt-10 flex flex-col items-center gap-4 rounded-2xl border bg-muted/40 p-8 text-center">
          <LifeBuoy aria-hidden="true" className="size-8 text-primary" />
          <div>
            <h2 className="text-lg font-semibold">{t('Still have questions?')}</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {t('Write to us and a person from the Relaycast team will answer by email.')}
            </p>
          </div>
          <Button asChild>
            <Link to="/contact">{t('Contact Support')}</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
