import { NOTIFICATION_MESSAGES, type NotificationList } from '@relaycast/shared/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { NotificationBell } from './notification-bell';

const failed = {
  id: 'n-1',
  kind: 'post_failed' as const,
  title: NOTIFICATION_MESSAGES.postFailedTitle('Mastodon'),
  body: 'Validation failed: Text contains a forbidden word',
  link: '/calendar',
  readAt: null,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
};
const summary = {
  id: 'n-2',
  kind: 'weekly_summary' as const,
  title: NOTIFICATION_MESSAGES.weeklySummaryTitle,
  body: NOTIFICATION_MESSAGES.weeklySummaryBody(3, 1),
  link: null,
  readAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T09:00:00.000Z',
};

/** A fake of the two endpoints: POST /read marks what it is asked to and the list follows. */
function fakeServer(initial: NotificationList) {
  let list = initial;
  const api = fakeApi({
    'GET /api/notifications': () => list,
    'POST /api/notifications/read': ({ body }) => {
      const read = body as { all?: true; ids?: string[] };
      const now = new Date().toISOString();
      const notifications = list.notifications.map((n) =>
        n.readAt === null && (read.all || read.ids?.includes(n.id)) ? { ...n, readAt: now } : n,
      );
      list = { notifications, unreadCount: notifications.filter((n) => n.readAt === null).length };
      return { updated: 1 };
    },
  });
  return () => api.callsTo('POST /api/notifications/read').map((call) => call.body);
}

function renderBell() {
  renderWithProviders(<NotificationBell />);
}

describe('NotificationBell', () => {
  it('shows the unread count, lists the notifications with their links, and marks all as read', async () => {
    const reads = fakeServer({ notifications: [failed, summary], unreadCount: 1 });
    renderBell();
    const bell = await screen.findByRole('button', { name: NOTIFICATION_MESSAGES.bellLabelUnread(1) });
    expect(bell.textContent).toContain('1');
    expect(bell.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: NOTIFICATION_MESSAGES.listTitle });
    const link = within(panel).getByRole('link', { name: new RegExp(failed.title) });
    expect(link.getAttribute('href')).toBe('/calendar');
    expect(within(panel).getByText(failed.body)).toBeTruthy();
    expect(within(panel).getByText(summary.body)).toBeTruthy();

    await userEvent.click(within(panel).getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead }));
    expect(reads()).toEqual([{ all: true }]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: NOTIFICATION_MESSAGES.bellLabel })).toBeTruthy(),
    );
    expect(
      (within(panel).getByRole('button', { name: NOTIFICATION_MESSAGES.markAllRead }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('marks one notification read when it is opened, and closes on Escape', async () => {
    const reads = fakeServer({ notifications: [failed], unreadCount: 1 });
    renderBell();
    const bell = await screen.findByRole('button', { name: NOTIFICATION_MESSAGES.bellLabelUnread(1) });
    await userEvent.click(bell);
    await userEvent.click(screen.getByRole('link', { name: new RegExp(failed.title) }));
    expect(reads()).toEqual([{ ids: ['n-1'] }]);
    expect(screen.queryByRole('region', { name: NOTIFICATION_MESSAGES.listTitle })).toBeNull();

    await userEvent.click(bell);
    expect(screen.getByRole('region', { name: NOTIFICATION_MESSAGES.listTitle })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: NOTIFICATION_MESSAGES.listTitle })).toBeNull();
  });

  it('says when there is nothing yet', async () => {
    fakeServer({ notifications: [], unreadCount: 0 });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: NOTIFICATION_MESSAGES.bellLabel }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.empty)).toBeTruthy();
  });
});
