import {
  ENGAGEMENT_MESSAGES,
  ENGAGEMENT_PLATFORM_NAMES,
  INBOX_KIND_LABELS,
  INBOX_STATUS_LABELS,
  type InboxItem,
} from '@relaycast/shared/engagement';
import { CheckCheck, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarkDone } from '@/api/engagement';
import { useTimeZone } from '@/api/settings';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import { formatArrival } from './inbox-list';
import { PlatformActions } from './platform-actions';

/** The opened item: its text, a reply box, the platform's actions, and "Mark done". */
export function InboxItemPanel({
  item,
  userId,
  content,
  onContentChange,
}: {
  item: InboxItem;
  userId: string;
  content: string;
  onContentChange(value: string): void;
}) {
  const { t } = useTranslation('engagement');
  const markDone = useMarkDone();
  const textId = useId();
  const timeZone = useTimeZone();
  return (
    <Card className="grid gap-4 p-5">
      <section aria-label={t('Selected item')} className="grid gap-4">
        <header className="grid gap-1">
          <h2 className="text-lg font-semibold">
            {t('{{kind}} from @{{author}}', {
              kind: t(INBOX_KIND_LABELS[item.kind]),
              author: item.authorHandle,
            })}
          </h2>
          <p className="text-xs text-muted-foreground">
            {ENGAGEMENT_PLATFORM_NAMES[item.platform]} ·{' '}
            {t('to @{{account}}', { account: item.accountHandle })} ·{' '}
            <time dateTime={item.arrivedAt}>{formatArrival(item.arrivedAt, timeZone)}</time> · {t('Status:')}{' '}
            <span>{t(INBOX_STATUS_LABELS[item.status])}</span>
          </p>
        </header>
        <blockquote className="rounded-md bg-muted p-3 text-sm whitespace-pre-wrap">{item.text}</blockquote>
        {item.demo ? (
          <p className="text-xs text-muted-foreground">
            {t('Demo data: a reply is recorded here and sent to no network.')}
          </p>
        ) : null}
        {item.url ? (
          <a
            href={item.url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {t('Open on {{platform}}', { platform: ENGAGEMENT_PLATFORM_NAMES[item.platform] })}
          </a>
        ) : null}
        <div className="grid gap-1.5">
          <Label htmlFor={textId}>{t('Your reply or message')}</Label>
          <Textarea
            id={textId}
            className="min-h-20"
            value={content}
            onChange={(event) => onContentChange(event.target.value)}
          />
        </div>
        <PlatformActions
          platform={item.platform}
          item={item}
          userId={userId}
          content={content}
          onSent={(action) => {
            if (action !== 'like') onContentChange('');
          }}
        />
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={item.status === 'done' || markDone.isPending}
            onClick={() =>
              markDone.mutate(item.id, {
                onSuccess: () => toast.success(t(ENGAGEMENT_MESSAGES.markedDone)),
                onError: (error) => showError(error, t('Could not mark it done.')),
              })
            }
          >
            <CheckCheck aria-hidden="true" />
            {t('Mark done')}
          </Button>
        </div>
      </section>
    </Card>
  );
}
