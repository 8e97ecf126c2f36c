import { BookOpen, Clock, Mail } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHero } from '@/components/page-hero';
import { useAuth } from '@/features/auth/auth-provider';
import { ContactForm } from '@/features/contact/components/contact-form';
import { usePageMeta } from '@/lib/use-page-meta';

export function ContactPage() {
  const { user } = useAuth();
  const { t } = useTranslation('contact');
  usePageMeta(
    t('Contact'),
    t('Questions about Relaycast plans, self-hosting or your account? Send the Relaycast team a message.'),
  );
  return (
    <>
      <PageHero
        eyebrow={t('Contact')}
        title={t('Talk to the Relaycast team')}
        description={t(
          'Questions about plans, self-hosting or your account? Send a message to the people who run this Relaycast server; they answer by email.',
        )}
      />
      <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <section aria-label={t('Contact form')} className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
          <ContactForm
            key={user?.id ?? 'visitor'}
            defaultValues={user ? { name: user.name, email: user.email } : undefined}
          />
        </section>
        <aside aria-label={t('Other ways to get help')} className="grid content-start gap-6 text-sm">
          <div className="flex gap-3">
            <Clock aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <div>
              <h2 className="font-semibold">{t('The people who run this server read it')}</h2>
              <p className="mt-1 text-muted-foreground">
                {t('Your message waits on their administration page, and they answer by email.')}
              </p>
            </div>
          </div>
          <div className="flex gap-3">
            <BookOpen aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <div>
              <h2 className="font-semibold">{t('Looking for a quick answer?')}</h2>
              <p className="mt-1 text-muted-foreground">
                <Trans
                  t={t}
                  i18nKey="The <faq>FAQ</faq> covers plans, platforms, self-hosting and security."
                  components={{
                    faq: <Link to="/faq" className="font-medium text-primary underline underline-offset-2" />,
                  }}
                />
              </p>
            </div>
          </div>
          <div className="flex gap-3">
            <Mail aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <div>
              <h2 className="font-semibold">{t('Your message stays private')}</h2>
              <p className="mt-1 text-muted-foreground">
                {t(
                  'We use your email address only to answer you. A few messages per hour per address keep the inbox free of spam.',
                )}
              </p>
            </div>
          </div>
        </aside>
      </div>
    </>
  );
}
