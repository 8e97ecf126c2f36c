import { addDaysToDate, todayIn } from '@relaycast/shared/calendar';
import type { Post } from '@relaycast/shared/posts';
import { defaultUserSettings, type UserSettings } from '@relaycast/shared/settings';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { showError } from '@/lib/show-error';
import { toast } from '@/lib/toast';
import { type ApiCall, apiError, fakeApi } from '@/test/api.fake';
import { postsPageOf } from '@/test/posts-page.fake';
import { renderWithProviders } from '@/test/render';
import { CALENDAR_VIEW_STORAGE_KEY } from '../hooks/use-calendar-view';
import { POST_DRAG_TYPE } from './calendar-post-item';
import { ContentCalendar } from './content-calendar';

vi.mock('@/lib/toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));
vi.mock('@/lib/show-error', () => ({ showError: vi.fn() }));

const IN_UTC: UserSettings = {
  ...defaultUserSettings(),
  region: { language: 'en', timezone: 'UTC', weekStart: 'auto' },
};
const today = todayIn('UTC');
const inFourDays = addDaysToDate(today, 4);

function post(overrides: Partial<Post> = {}): Post {
  return {
    id: 'p1',
    content: 'Launch day teaser',
    platforms: ['twitter'],
    overrides: {},
    media: [],
    status: 'scheduled',
    scheduledAt: `${today}T09:15:00.000Z`,
    timezone: 'Europe/Paris',
    authorId: 'u1',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    targets: [],
    ...overrides,
  };
}

function server(schedule: (call: ApiCall) => unknown = ({ body }) => post(body as Partial<Post>)) {
  return fakeApi({
    'GET /api/settings': IN_UTC,
    'GET /api/posts': postsPageOf([post()]),
    'GET /api/scheduled-streams': { streams: [] },
    'GET /api/best-time/suggestions': { suggestions: [], note: '' },
    'PATCH /api/posts/p1/schedule': schedule as never,
  });
}

function cells() {
  return document.querySelectorAll('[data-date]');
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.clearAllMocks());

describe('ContentCalendar views', () => {
  it('opens on the three weeks, and switches to a week, a month and a list, remembering the choice', async () => {
    const user = userEvent.setup();
    const api = server();
    renderWithProviders(<ContentCalendar />, { route: '/calendar' });
    await screen.findByRole('link', { name: /Launch day teaser/ });
    expect(cells()).toHaveLength(21);
    expect(screen.getByRole('button', { name: '3 weeks' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(cells()).toHaveLength(7);
    expect(window.localStorage.getItem(CALENDAR_VIEW_STORAGE_KEY)).toBe('week');
    // The week shows its posts at their time in the user's zone (UTC here).
    expect((await screen.findByRole('link', { name: /Launch day teaser/ })).textContent).toMatch(/9:15\sAM/);

    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(cells().length % 7).toBe(0);
    expect(cells().length).toBeGreaterThanOrEqual(28);
    const monthName = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${today}T12:00:00Z`));
    expect(screen.getByText(monthName)).toBeTruthy();
    // The month's request covers its weeks.
    const last = api.callsTo('GET /api/posts').at(-1)?.url ?? '';
    const from = new URL(last, 'http://localhost').searchParams.get('from') ?? '';
    expect(Date.parse(from)).toBeLessThanOrEqual(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`));

    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(cells()).toHaveLength(0);
    await waitFor(() => expect(window.localStorage.getItem(CALENDAR_VIEW_STORAGE_KEY)).toBe('list'));
    const day = await screen.findByRole('listitem', { name: /today$/ });
    expect(within(day).getByRole('link', { name: /Launch day teaser/ }).textContent).toMatch(/9:15\sAM/);
  });

  it('opens in the view this browser last picked; the address wins over it', async () => {
    window.localStorage.setItem(CALENDAR_VIEW_STORAGE_KEY, 'week');
    server();
    const { unmount } = renderWithProviders(<ContentCalendar />, { route: '/calendar' });
    await screen.findByRole('link', { name: /Launch day teaser/ });
    expect(cells()).toHaveLength(7);
    unmount();

    renderWithProviders(<ContentCalendar />, { route: '/calendar?view=three-weeks' });
    await screen.findByRole('link', { name: /Launch day teaser/ });
    expect(cells()).toHaveLength(21);
  });

  it('Previous and Next step by the view; Today comes back', async () => {
    const user = userEvent.setup();
    server();
    renderWithProviders(<ContentCalendar />, { route: '/calendar?view=week' });
    await screen.findByRole('link', { name: /Launch day teaser/ });
    const first = cells()[0]?.getAttribute('data-date') ?? '';
    expect(screen.getByRole('button', { name: 'Today' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(cells()[0]?.getAttribute('data-date')).toBe(addDaysToDate(first, 7));
    expect(document.querySelector('[aria-current="date"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(cells()[0]?.getAttribute('data-date')).toBe(first);
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(cells()[0]?.getAttribute('data-date')).toBe(addDaysToDate(first, -7));
  });
});

function dropOn(date: string) {
  const target = document.querySelector(`[data-date="${date}"]`) as HTMLElement;
  const dataTransfer = { types: [POST_DRAG_TYPE], getData: () => 'p1', dropEffect: 'none' };
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

describe('moving a post', () => {
  it('a drop says what moved and to when, and Undo moves it back through the same request', async () => {
    const api = server();
    renderWithProviders(<ContentCalendar />, { route: '/calendar' });
    await screen.findByRole('link', { name: /Launch day teaser/ });
    const target = inFourDays;
    dropOn(target);

    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(api.callsTo('PATCH /api/posts/p1/schedule')[0]?.body).toEqual({
      scheduledAt: `${target}T09:15:00.000Z`,
      timezone: 'UTC',
    });
    const [message, options = {}] = vi.mocked(toast.success).mock.calls[0] ?? [];
    expect(message).toMatch(/^Moved “Launch day teaser” to .+ at 9:15\sAM\.$/);
    const action = options.action as unknown as { label: string; onClick(): void };
    expect(action.label).toBe('Undo');

    action.onClick();
    await waitFor(() => expect(api.callsTo('PATCH /api/posts/p1/schedule')).toHaveLength(2));
    // Back to the instant and the zone it was scheduled in.
    expect(api.callsTo('PATCH /api/posts/p1/schedule')[1]?.body).toEqual({
      scheduledAt: `${today}T09:15:00.000Z`,
      timezone: 'Europe/Paris',
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(2));
    expect(vi.mocked(toast.success).mock.calls[1]?.[0]).toMatch(/^Moved “Launch day teaser” back to /);
  });

  it('a refused undo shows the reason with showError', async () => {
    let calls = 0;
    server(({ body }) => {
      calls += 1;
      return calls === 1 ? post(body as Partial<Post>) : apiError(409, 'This post can no longer be changed.');
    });
    renderWithProviders(<ContentCalendar />, { route: '/calendar' });
    await screen.findByRole('link', { name: /Launch day teaser/ });
    dropOn(inFourDays);
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    const options = vi.mocked(toast.success).mock.calls[0]?.[1] ?? {};
    (options.action as unknown as { onClick(): void }).onClick();
    await waitFor(() => expect(showError).toHaveBeenCalledTimes(1));
    const error = vi.mocked(showError).mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('This post can no longer be changed.');
    expect(toast.success).toHaveBeenCalledTimes(1);
  });
});
