import {
  ENGAGEMENT_MESSAGES,
  ENGAGEMENT_PLATFORM_NAMES,
  INBOX_KIND_LABELS,
  INBOX_STATUS_LABELS,
  type InboxItem,
} from '@relaycast/shared/engagement';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '@/api/settings';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/time-zone';

export function formatArrival(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone);
}

/** The unified inbox, newest first; choosing an item opens it. */
export function InboxList({
  items,
  selectedId,
  onSelect,
}: {
  items: InboxItem[];
  selectedId: string | undefined;
  onSelect(id: string): void;
}) {
  const { t } = useTranslation('engagement');
  const timeZone = useTimeZone();
  return (
    <ul aria-label={t('Inbox items')} className="grid gap-2">
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            aria-pressed={item.id === selectedId}
            aria-label={t('{{kind}} from {{author}} on {{platform}}: {{text}}', {
              kind: t(INBOX_KIND_LABELS[item.kind]),
              author: item.authorHandle,
              platform: ENGAGEMENT_PLATFORM_NAMES[item.platform],
              text: item.text,
            })}
            onClick={() => onSelect(item.id)}
            className={cn(
              'grid w-full gap-1 rounded-md border p-3 text-left text-sm hover:bg-muted',
              item.id === selectedId && 'border-primary ring-1 ring-primary',
            )}
          >
            <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <Badge variant="outline">{ENGAGEMENT_PLATFORM_NAMES[item.platform]}</Badge>
              <span>{t(INBOX_KIND_LABELS[item.kind])}</span>
              <span>@{item.authorHandle}</span>
              <time dateTime={item.arrivedAt}>{formatArrival(item.arrivedAt, timeZone)}</time>
              <Badge variant={item.status === 'unanswered' ? 'primary' : 'accent'}>
                {t(INBOX_STATUS_LABELS[item.status])}
              </Badge>
              {item.demo ? <Badge variant="outline">{t(ENGAGEMENT_MESSAGES.demoLabel)}</Badge> : null}
            </span>
            <span className="line-clamp-2">{item.text}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
