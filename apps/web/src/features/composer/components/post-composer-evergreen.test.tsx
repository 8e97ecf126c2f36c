import type { Post } from '@relaycast/shared/posts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { postFixture } from '@/test/posts';
import { renderWithProviders } from '@/test/render';
import { PostComposer } from './post-composer';

const COLLECTION = {
  id: 'c1',
  name: 'Blog classics',
  minGapDays: 30,
  stopAfter: null,
  endsOn: null,
  paused: false,
  needsQueueSlots: false,
  entries: [],
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('PostComposer with an evergreen collection', () => {
  it('queues the post, then adds it to the chosen collection with its variants', async () => {
    const api = fakeApi({
      'GET /api/accounts': { accounts: [] },
      'GET /api/evergreen': { collections: [COLLECTION] },
      'POST /api/posts': ({ body }) =>
        Response.json(
          postFixture({
            id: 'new-post',
            content: String((body as Post).content),
            platforms: ['mastodon'],
            status: 'scheduled',
            scheduledAt: '2030-03-05T09:00:00.000Z',
          }),
          { status: 201 },
        ),
      'POST /api/evergreen/c1/entries': Response.json(COLLECTION, { status: 201 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PostComposer authorName="Ada" newPostHref="/post-composer" onCreated={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'Read our guide' } });
    await user.click(screen.getByRole('button', { name: 'Mastodon' }));
    await user.selectOptions(await screen.findByLabelText('Evergreen'), 'c1');
    await user.click(screen.getByRole('button', { name: 'Add a variant' }));
    await user.type(screen.getByLabelText('Variant 2'), 'Our guide, updated');
    await user.click(screen.getByRole('button', { name: 'Add to queue' }));
    await waitFor(() => expect(api.callsTo('POST /api/evergreen/c1/entries')).toHaveLength(1));
    expect(api.callsTo('POST /api/posts')[0]?.body).toMatchObject({ action: 'queue' });
    expect(api.callsTo('POST /api/evergreen/c1/entries')[0]?.body).toEqual({
      postId: 'new-post',
      variants: ['Our guide, updated'],
    });
  });
});
