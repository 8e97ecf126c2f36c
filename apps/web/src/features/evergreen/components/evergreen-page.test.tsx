import {
  EVERGREEN_MESSAGES,
  type EvergreenCollection,
  type EvergreenEntry,
} from '@relaycast/shared/evergreen';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { EvergreenPage } from './evergreen-page';

function entryOf(overrides: Partial<EvergreenEntry> = {}): EvergreenEntry {
  return {
    id: 'e1',
    sourcePostId: 'p1',
    platforms: ['linkedin'],
    variants: ['Read our guide', 'Our guide, updated', 'The guide everyone asks about'],
    reshares: 1,
    lastSentAt: '2026-11-20T09:00:00.000Z',
    state: 'scheduled',
    nextAt: '2030-03-05T09:00:00.000Z',
    nextVariant: 1,
    latestPostId: 'p2',
    problem: null,
    ...overrides,
  };
}

function collectionOf(overrides: Partial<EvergreenCollection> = {}): EvergreenCollection {
  return {
    id: 'c1',
    name: 'Blog classics',
    minGapDays: 30,
    stopAfter: null,
    endsOn: null,
    paused: false,
    needsQueueSlots: false,
    entries: [entryOf()],
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('the evergreen page', () => {
  it('lists each post with its next slot and the variant that goes out next', async () => {
    fakeApi({
      'GET /api/evergreen': {
        collections: [
          collectionOf(),
          collectionOf({
            id: 'c2',
            name: 'Quotes',
            needsQueueSlots: true,
            entries: [
              entryOf({
                id: 'e2',
                variants: ['Only text'],
                nextVariant: 0,
                state: 'needs_slots',
                problem: EVERGREEN_MESSAGES.needsQueueSlots,
              }),
            ],
          }),
        ],
      },
    });
    renderWithProviders(<EvergreenPage />, { route: '/evergreen' });
    const classics = await screen.findByRole('region', { name: 'Blog classics' });
    expect(within(classics).getByText('Our guide, updated')).toBeTruthy();
    expect(within(classics).getByText(/^Next: .*2030/)).toBeTruthy();
    expect(within(classics).getByText(/Variant 2 of 3 goes out next/)).toBeTruthy();
    expect(within(classics).getByText('At least 30 days apart')).toBeTruthy();
    const quotes = screen.getByRole('region', { name: 'Quotes' });
    expect(within(quotes).getByText('Needs queue slots')).toBeTruthy();
    expect(within(quotes).getByRole('status').textContent).toContain(EVERGREEN_MESSAGES.needsQueueSlots);
    expect(within(quotes).getByText('Waits for queue slots')).toBeTruthy();
    expect(within(quotes).getByText(EVERGREEN_MESSAGES.oneVariant)).toBeTruthy();
  });

  it('creates a collection, refusing a gap under the minimum first', async () => {
    const api = fakeApi({
      'GET /api/evergreen': { collections: [] },
      'POST /api/evergreen': collectionOf({ entries: [] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<EvergreenPage />, { route: '/evergreen' });
    await screen.findByText('No collections yet. Create one, then add posts to it from the composer.');
    await user.type(screen.getByLabelText('Collection name'), 'Blog classics');
    const gap = screen.getByLabelText('Minimum gap (days)');
    await user.clear(gap);
    await user.type(gap, '1');
    await user.click(screen.getByRole('button', { name: 'Create collection' }));
    expect(await screen.findByText(EVERGREEN_MESSAGES.gapRange)).toBeTruthy();
    expect(api.callsTo('POST /api/evergreen')).toHaveLength(0);
    await user.clear(gap);
    await user.type(gap, '14');
    await user.type(screen.getByLabelText('Stop after (re-shares)'), '5');
    await user.click(screen.getByRole('button', { name: 'Create collection' }));
    await waitFor(() => expect(api.callsTo('POST /api/evergreen')).toHaveLength(1));
    expect(api.callsTo('POST /api/evergreen')[0]?.body).toEqual({
      name: 'Blog classics',
      minGapDays: 14,
      stopAfter: 5,
      endsOn: null,
    });
  });

  it('pauses a collection and removes a post from it', async () => {
    const api = fakeApi({
      'GET /api/evergreen': { collections: [collectionOf()] },
      'PATCH /api/evergreen/c1': collectionOf({ paused: true }),
      'DELETE /api/evergreen/c1/entries/e1': { deletedPostIds: ['p2'] },
    });
    const user = userEvent.setup();
    renderWithProviders(<EvergreenPage />, { route: '/evergreen' });
    const card = await screen.findByRole('region', { name: 'Blog classics' });
    await user.click(within(card).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/evergreen/c1')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/evergreen/c1')[0]?.body).toEqual({ paused: true });
    vi.stubGlobal('confirm', () => true);
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/evergreen/c1/entries/e1')).toHaveLength(1));
  });

  it('shows a contributor the collections without the controls that change them', async () => {
    const api = fakeApi({
      'GET /api/evergreen': { collections: [collectionOf()] },
      'GET /api/workspaces/current': { id: 'w1', name: 'Acme', role: 'contributor' },
    });
    renderWithProviders(<EvergreenPage />, { route: '/evergreen' });
    const card = await screen.findByRole('region', { name: 'Blog classics' });
    await waitFor(() => expect(api.callsTo('GET /api/workspaces/current')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Create collection' })).toBeNull());
    expect(within(card).queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(card).getByText('Our guide, updated')).toBeTruthy();
  });
});
