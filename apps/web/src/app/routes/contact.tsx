import { BookOpen, Clock, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { PageHero } from '@/components/page-hero';
import { useAuth } from '@/features/auth/auth-provider';
import { ContactForm } from '@/features/contact/components/contact-form';
import { usePageMeta } from '@/lib/use-page-meta';

export function ContactPage() {
  const { user } = useAuth();
  usePageMeta(
    'Contact',
    'Questions about Relaycast plans, self-hosting or your account? Send the Relaycast team a message.',
  );
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Talk to the Relaycast team"
        description="Questions about plans, self-hosting or your account? Send us a message and a person will reply by email."
      />
      <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <section aria-label="Contact form" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
          <ContactForm
            key={user?.id ?? 'visitor'}
            defaultValues={user ? { name: user.name, email: user.email } : undefined}
          />
        </section>
        <aside aria-label="Other ways to get help" className="grid content-start gap-6 text-sm">
          <div className="flex gap-3">
            <Clock aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <div>
              <h2 className="font-semibold">A person reads every message</h2>
              <p className="mt-1 text-muted-foreground">
                Expect a reply by email, usually within one business day.
              </p>
            </div>
          </div>
          <div className="flex gap-3">
            <BookOpen aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <div>
              <h2 className="font-semibold">Looking for a quick answer?</h2>
              <p className="mt-1 text-muted-foreground">
                The{' '}
                <Link to="/faq" className="font-medium text-primary underline underline-offset-2">
                  FAQ
                </Link>{' '}
                covers plans, platforms, self-hosting and security.
              </p>
            </div>
          </div>
          <div className="flex gap-3">
            <Mail aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <div>
              <h2 className="font-semibold">Your message stays private</h2>
              <p className="mt-1 text-muted-foreground">
                We use your email address only to answer you. A few messages per hour per address keep the
                inbox free of spam.
              </p>
            </div>
          </div>
        </aside>
      </div>
    </>
  );
}
