import type { Template } from '@relaycast/shared/composer-library';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiFake, fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { PostComposer } from './post-composer';

/** The composer's library row (docs/composer-library.md): signatures, hashtag groups and templates. */

const SIGNATURE = { id: 's1', name: 'Sign-off', text: '— Ada', isAutoAppend: false, updatedAt: '' };
const GROUP = { id: 'g1', name: 'Launch', hashtags: ['#launch', '#go'], updatedAt: '' };
const TEMPLATE: Template = {
  id: 't1',
  name: 'Weekly tip',
  content: 'Tip of the week',
  platforms: ['mastodon'],
  overrides: {},
  accounts: {},
  media: [],
  droppedMediaCount: 1,
  updatedAt: '',
};

function fakeServer(autoAppend = false): ApiFake {
  return fakeApi({
    'GET /api/accounts': { accounts: [] },
    'GET /api/composer-library/signatures': {
      signatures: [{ ...SIGNATURE, isAutoAppend: autoAppend }],
    },
    'GET /api/composer-library/hashtag-groups': { hashtagGroups: [GROUP] },
    'GET /api/composer-library/templates': {
      templates: [
        {
          id: 't1',
          name: 'Weekly tip',
          excerpt: 'Tip',
          platforms: ['mastodon'],
          mediaCount: 1,
          updatedAt: '',
        },
      ],
    },
    'GET /api/composer-library/templates/t1': TEMPLATE,
    'POST /api/composer-library/templates': {
      id: 't2',
      name: 'Mine',
      excerpt: '',
      platforms: [],
      mediaCount: 0,
      updatedAt: '',
    },
  });
}

function renderComposer() {
  renderWithProviders(<PostComposer authorName="Ada" newPostHref="/post-composer" onCreated={vi.fn()} />);
  return screen.getByLabelText('Post text') as HTMLTextAreaElement;
}

describe('the composer library row', () => {
  it('inserts a hashtag group at the cursor and appends a signature at the end', async () => {
    fakeServer();
    const user = userEvent.setup();
    const text = renderComposer();
    fireEvent.change(text, { target: { value: 'Hello world' } });
    text.setSelectionRange(5, 5);
    await user.click(screen.getByRole('button', { name: 'Hashtags' }));
    await user.click(await screen.findByRole('button', { name: 'Insert “Launch” at the cursor' }));
    expect(text.value).toBe('Hello #launch #go world');
    await user.click(screen.getByRole('button', { name: 'Signature' }));
    await user.click(await screen.findByRole('button', { name: 'Add “Sign-off” at the end' }));
    expect(text.value).toBe('Hello #launch #go world\n\n— Ada');
  });

  it('appends the automatic signature to a new post, and the counter counts it', async () => {
    fakeServer(true);
    const user = userEvent.setup();
    const text = renderComposer();
    await waitFor(() => expect(text.value).toBe('— Ada'));
    await user.click(screen.getByRole('button', { name: 'X (Twitter)' }));
    expect(screen.getByText('5 of 280 characters')).toBeTruthy();
  });

  it('saves the composer as a template', async () => {
    const api = fakeServer();
    const user = userEvent.setup();
    const text = renderComposer();
    await user.click(screen.getByRole('button', { name: 'Mastodon' }));
    fireEvent.change(text, { target: { value: 'Our news' } });
    await user.click(screen.getByRole('button', { name: 'Templates' }));
    await user.type(screen.getByLabelText('Save this post as a template'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save as template' }));
    await waitFor(() => expect(api.callsTo('POST /api/composer-library/templates')).toHaveLength(1));
    expect(api.callsTo('POST /api/composer-library/templates')[0]?.body).toEqual({
      name: 'Mine',
      state: { content: 'Our news', platforms: ['mastodon'], overrides: {}, accounts: {}, mediaIds: [] },
    });
  });

  it('starts a post from a template, its deleted files left out', async () => {
    fakeServer();
    const user = userEvent.setup();
    const text = renderComposer();
    await user.click(screen.getByRole('button', { name: 'Templates' }));
    const dialog = screen.getByRole('dialog', { name: 'Templates' });
    await user.click(await within(dialog).findByRole('button', { name: 'Start from “Weekly tip”' }));
    await waitFor(() => expect(text.value).toBe('Tip of the week'));
    expect(screen.getByRole('button', { name: 'Mastodon' }).getAttribute('aria-pressed')).toBe('true');
  });
});
