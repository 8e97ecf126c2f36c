import { NOTIFICATION_MESSAGES, type Notification } from '@relaycast/shared/notifications';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMarkNotificationsRead, useNotifications } from '@/api/notifications';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatRelative } from '@/lib/time-zone';

/** The most a badge spells out; above it shows "99+". */
const BADGE_MAX = 99;

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen(): void }) {
  const isUnread = notification.readAt === null;
  const content = (
    <>
      <span className="flex items-start gap-2">
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', isUnread ? 'bg-primary' : 'bg-transparent')}
        />
        <span className="grid gap-0.5">
          <span className={cn('text-sm', isUnread ? 'font-semibold' : 'font-medium')}>
            {notification.title}
          </span>
          {notification.body ? (
            <span className="text-xs text-muted-foreground">{notification.body}</span>
          ) : null}
          <span className="text-xs text-muted-foreground">{formatRelative(notification.createdAt)}</span>
        </span>
      </span>
    </>
  );
  const className = 'block rounded-md px-3 py-2 text-left hover:bg-muted focus-visible:bg-muted';
  return (
    <li>
      {notification.link ? (
        <Link to={notification.link} className={className} onClick={onOpen}>
          {content}
        </Link>
      ) : (
        <div className={className}>{content}</div>
      )}
    </li>
  );
}

/**
 * The bell in the app's header: the unread count on it, and on click the newest notifications with "Mark all
 * as read". Opening an item marks it read. The list is polled every 30 s (api/notifications.ts).
 */
export function NotificationBell() {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unreadCount = list.data?.unreadCount ?? 0;
  const { t } = useTranslation('notifications');

  useEffect(() => {
    if (!isOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setIsOpen(false);
        buttonRef.current?.focus();
      }
    }
    function onPointerDown(event: PointerEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setIsOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen]);

  function openItem(notification: Notification) {
    if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
    setIsOpen(false);
  }

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={
          unreadCount > 0
            ? t('Notifications, {{count}} unread', { count: unreadCount })
            : t(NOTIFICATION_MESSAGES.bellLabel)
        }
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((value) => !value)}
      >
        <Bell aria-hidden="true" />
        {unreadCount > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-[0.65rem] leading-5 font-semibold text-primary-foreground"
          >
            {unreadCount > BADGE_MAX ? `${BADGE_MAX}+` : unreadCount}
          </span>
        ) : null}
      </Button>
      {isOpen ? (
        <section
          id={panelId}
          aria-labelledby={headingId}
          className="absolute right-0 z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg border bg-card shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
            <h2 id={headingId} className="text-sm font-semibold">
              {t(NOTIFICATION_MESSAGES.listTitle)}
            </h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={unreadCount === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              {t(NOTIFICATION_MESSAGES.markAllRead)}
            </Button>
          </div>
          {list.isError ? (
            <p role="alert" className="px-3 py-4 text-sm text-destructive">
              {t(NOTIFICATION_MESSAGES.loadFailed)}
            </p>
          ) : list.data && list.data.notifications.length === 0 ? (
            <p className="px-3 py-4 text-sm text-muted-foreground">{t(NOTIFICATION_MESSAGES.empty)}</p>
          ) : (
            <ul className="grid max-h-96 gap-0.5 overflow-y-auto p-1">
              {list.data?.notifications.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  onOpen={() => openItem(notification)}
                />
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
