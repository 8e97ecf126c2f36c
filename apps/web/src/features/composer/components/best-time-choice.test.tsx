import { BEST_TIME_MESSAGES } from '@relaycast/shared/best-time-api';
import { instantToZoned } from '@relaycast/shared/calendar';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from '@/lib/time-zone';
import { type ApiFake, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { PostComposer } from './post-composer';

/** Three days ahead at 14:00 UTC: the slot the server suggests. */
const SLOT = new Date(Math.ceil(Date.now() / 86_400_000 + 3) * 86_400_000 + 14 * 3_600_000).toISOString();

describe("the composer's Best time", () => {
  let api: ApiFake;
  beforeEach(() => {
    api = fakeApi({
      'GET /api/accounts': { accounts: [] },
      'GET /api/best-time/suggestions': {
        timeZone: 'UTC',
        suggestions: [
          { at: SLOT, hourOfWeek: 14, score: 1, posts: 0, confidence: 'none', isExploration: false },
        ],
        note: BEST_TIME_MESSAGES.noHistory,
      },
    });
  });

  it('asks for the chosen platforms and fills the date and time, which stay editable', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PostComposer authorName="Ada" newPostHref="/post-composer" onCreated={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Mastodon' }));
    await user.click(screen.getByRole('button', { name: 'Best time' }));
    const expected = instantToZoned(SLOT, browserTimeZone());
    await waitFor(() =>
      expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe(expected.time),
    );
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe(expected.date);
    expect(screen.getByRole('status').textContent).toContain(BEST_TIME_MESSAGES.noHistory);
    const asked = api.callsTo('GET /api/best-time/suggestions')[0]?.url;
    expect(new URL(asked ?? '', 'http://x').searchParams.get('platforms')).toBe('mastodon');

    await user.clear(screen.getByLabelText('Time'));
    await user.type(screen.getByLabelText('Time'), '08:15');
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('08:15');
  });
});
