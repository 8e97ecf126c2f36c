import type { Label } from '@relaycast/shared/labels';
import type { Post } from '@relaycast/shared/posts';
import { defaultUserSettings } from '@relaycast/shared/settings';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { postsPageOf } from '@/test/posts-page.fake';
import { renderWithProviders } from '@/test/render';
import { ContentCalendar } from './content-calendar';

/** The calendar's label chips and its filter by label (docs/labels.md); the route hands the filter in. */

const LAUNCH: Label = { id: 'l1', name: 'Launch', color: 'green' };

/** A stand-in for the labels feature's filter: the calendar only hands it the value and takes the change. */
function filter({ value, onChange }: { value: string; onChange(labelId: string): void }) {
  return (
    <select aria-label="Label" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">All</option>
      <option value="l1">Launch</option>
      <option value="l2">Promo</option>
    </select>
  );
}

describe('the calendar’s filter by label', () => {
  it('shows the chips, and only the posts carrying the chosen label', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const base: Omit<Post, 'id' | 'content' | 'scheduledAt'> = {
      platforms: ['mastodon'],
      overrides: {},
      media: [],
      status: 'scheduled',
      timezone: 'UTC',
      authorId: 'u1',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      targets: [],
    };
    const posts: Post[] = [
      { ...base, id: 'p1', content: 'Tagged post', scheduledAt: `${today}T23:00:00.000Z`, labels: [LAUNCH] },
      { ...base, id: 'p2', content: 'Plain post', scheduledAt: `${today}T23:30:00.000Z`, labels: [] },
    ];
    fakeApi({
      'GET /api/settings': {
        ...defaultUserSettings(),
        region: { language: 'en', timezone: 'UTC', weekStart: 'auto' },
      },
      'GET /api/posts': postsPageOf(posts),
      'GET /api/scheduled-streams': { streams: [] },
      'GET /api/best-time/suggestions': { suggestions: [], note: '' },
    });
    const user = userEvent.setup();
    renderWithProviders(<ContentCalendar labelFilter={filter} />);
    expect(await screen.findByText('Tagged post')).toBeTruthy();
    expect(screen.getByText('Plain post')).toBeTruthy();
    expect(document.querySelector('[data-post-id="p1"] [data-slot="label-chip"]')?.textContent).toBe(
      'Launch',
    );
    await user.selectOptions(await screen.findByLabelText('Label'), 'l1');
    await waitFor(() => expect(screen.queryByText('Plain post')).toBeNull());
    expect(screen.getByText('Tagged post')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Label'), 'l2');
    await waitFor(() => expect(screen.queryByText('Tagged post')).toBeNull());
    await user.selectOptions(screen.getByLabelText('Label'), '');
    expect(await screen.findByText('Plain post')).toBeTruthy();
  });
});
