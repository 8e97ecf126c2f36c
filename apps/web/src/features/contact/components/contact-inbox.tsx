import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useContactInbox } from '@/api/contact';
import { useTimeZone } from '@/api/settings';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/time-zone';

/**
 * The contact form's messages on the administrator's page (/admin), newest first, each with a button that opens a
 * reply in the administrator's mail app. The contact page promises that the people who run the server read them.
 */
export function ContactInbox() {
  const { t } = useTranslation('contact');
  const timeZone = useTimeZone();
  const inbox = useContactInbox();
  const messages = inbox.data?.pages.flatMap((page) => page.messages) ?? [];
  return (
    <section aria-labelledby="contact-inbox" className="mx-auto grid w-full max-w-3xl gap-4">
      <header>
        <h2 id="contact-inbox" className="text-xl font-semibold tracking-tight">
          {t('Contact messages')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {t('What visitors send from the contact page, newest first. Answer them by email.')}
        </p>
      </header>
      {inbox.isPending ? (
        <Spinner label={t('Loading the messages')} />
      ) : inbox.isError ? (
        <p role="alert">{t('The messages could not be loaded. Try again later.')}</p>
      ) : messages.length === 0 ? (
        <Card className="p-6 text-sm text-muted-foreground">{t('No messages yet.')}</Card>
      ) : (
        <Card className="p-0">
          <ul>
            {messages.map((message) => (
              <li
                key={message.id}
                className="grid gap-2 border-b p-4 last:border-b-0"
                data-testid="contact-message"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="min-w-0 break-words font-medium">
                    {message.name}{' '}
                    <span className="font-normal text-muted-foreground">{`<${message.email}>`}</span>
                  </p>
                  <time dateTime={message.createdAt} className="text-sm text-muted-foreground">
                    {formatDateTime(message.createdAt, timeZone)}
                  </time>
                </div>
                <p className="whitespace-pre-wrap break-words text-sm">{message.message}</p>
                <p>
                  <Button asChild variant="outline" size="sm">
                    <a
                      href={`mailto:${message.email}?subject=${encodeURIComponent(t('Your message to Relaycast'))}`}
                    >
                      <Mail aria-hidden="true" />
                      {t('Reply to {{name}}', { name: message.name })}
                    </a>
                  </Button>
                </p>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {inbox.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={inbox.isFetchingNextPage}
          onClick={() => void inbox.fetchNextPage()}
        >
          {t('Load older messages')}
        </Button>
      ) : null}
    </section>
  );
}
