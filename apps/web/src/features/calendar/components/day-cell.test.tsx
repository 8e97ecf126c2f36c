import type { Post } from '@relaycast/shared/posts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { groupPostsByDay } from '../calendar-entries';
import { DayCell, MAX_VISIBLE_POSTS } from './day-cell';

function post(id: string, hour: number, status: Post['status'] = 'scheduled'): Post {
  return {
    id,
    content: `Post number ${id}`,
    platforms: ['instagram', 'twitter'],
    overrides: {},
    media: [],
    status,
    scheduledAt: new Date(Date.UTC(2026, 2, 3, hour)).toISOString(),
    timezone: 'UTC',
    authorId: 'u1',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    targets: [],
  };
}

function renderCell(posts: Post[], handlers: Partial<Parameters<typeof DayCell>[0]> = {}) {
  const entries = groupPostsByDay(posts, 'UTC').get('2026-03-03');
  const props = {
    date: '2026-03-03',
    entries,
    isToday: false,
    isPast: false,
    onDropPost: vi.fn(),
    onMoveRequest: vi.fn(),
    onShowDay: vi.fn(),
    onCreate: vi.fn(),
    ...handlers,
  };
  renderWithProviders(
    <ol>
      <DayCell {...props} />
    </ol>,
  );
  return props;
}

describe('DayCell', () => {
  it('shows each post with its platforms, local time and first words, linking to the composer', () => {
    renderCell([post('a', 14)]);
    const link = screen.getByRole('link', { name: /Post number a/ });
    expect(link.getAttribute('href')).toBe('/post-composer?post=a');
    expect(link.textContent).toMatch(/2:00\sPM/);
    expect(screen.getByRole('img', { name: 'Instagram' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'X (Twitter)' })).toBeTruthy();
  });

  it(`shows at most ${MAX_VISIBLE_POSTS} rows and folds the rest into "+N more"`, async () => {
    const user = userEvent.setup();
    const props = renderCell(Array.from({ length: 12 }, (_, index) => post(`p${index}`, index + 6)));
    expect(screen.getAllByRole('link')).toHaveLength(MAX_VISIBLE_POSTS - 1);
    await user.click(screen.getByRole('button', { name: /\+10 more/ }));
    expect(props.onShowDay).toHaveBeenCalledWith('2026-03-03');
  });

  it('offers the keyboard way to move a scheduled post, but not a published one', async () => {
    const user = userEvent.setup();
    const props = renderCell([post('s', 9), post('p', 10, 'published')]);
    const moves = screen.getAllByRole('button', { name: /to another day/ });
    expect(moves).toHaveLength(1);
    await user.click(moves[0]!);
    expect(props.onMoveRequest).toHaveBeenCalledWith(expect.objectContaining({ id: 's' }));
  });

  it('is labelled with its date and marks today', () => {
    const entries = undefined;
    renderWithProviders(
      <ol>
        <DayCell
          date="2026-03-03"
          entries={entries}
          isToday
          isPast={false}
          onDropPost={vi.fn()}
          onMoveRequest={vi.fn()}
          onShowDay={vi.fn()}
          onCreate={vi.fn()}
        />
      </ol>,
    );
    const cell = screen.getByRole('listitem', { name: 'Tuesday, March 3, today' });
    expect(cell.getAttribute('aria-current')).toBe('date');
    expect(screen.getByRole('button', { name: 'Create a post on Tuesday, March 3, today' })).toBeTruthy();
  });

  it('shows the open queue slots faint, before the suggestions, and a click writes a post for that time', async () => {
    const onPickSuggestion = vi.fn();
    renderCell([], {
      openSlots: ['09:00', '15:30'],
      suggestions: ['09:00', '11:00'],
      onPickSuggestion,
      showAll: true,
    });
    const open = screen.getByRole('list', { name: 'Open queue slots on Tuesday, March 3' });
    expect(open.textContent).toContain('Open slot');
    // A suggestion at an open slot's time is the same offer: shown once, as the slot.
    expect(
      screen.getByRole('list', { name: 'Suggested times on Tuesday, March 3' }).textContent,
    ).not.toContain('9:00');
    await userEvent.click(
      screen.getByRole('button', { name: /3:30 PM.*open queue slot on Tuesday, March 3/ }),
    );
    expect(onPickSuggestion).toHaveBeenCalledWith('2026-03-03', '15:30');
  });
});
