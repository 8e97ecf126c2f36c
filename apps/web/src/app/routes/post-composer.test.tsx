import { AI_MESSAGES, AI_SETUP } from '@relaycast/shared/ai';
import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, serverSentEvents } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { CreatePostPage } from './create-post';
import { PostComposerPage } from './post-composer';

vi.mock('@/features/auth/auth-provider', () => ({ useAuth: () => ({ user: { name: 'Ada Lovelace' } }) }));

const STATUS = { provider: 'openai-compatible', model: 'm', hourlyLimit: 60, usedThisHour: 0 };
const CONFIGURED = { ...STATUS, isConfigured: true, instructions: null };
const NOT_CONFIGURED = {
  ...STATUS,
  isConfigured: false,
  provider: null,
  model: null,
  instructions: {
    message: AI_MESSAGES.notConfigured,
    variables: [...AI_SETUP.variables],
    ollamaExample: AI_SETUP.ollamaExample,
  },
};

/** The events of a generation that writes `text` for each platform asked for. */
function variantsFor(platforms: PlatformId[], text: string) {
  return serverSentEvents([
    ...platforms.flatMap((platform) => [
      { type: 'variant-start', platform },
      {
        type: 'variant',
        variant: { platform, text, length: text.length, maxLength: 280, wasShortened: false, warning: null },
      },
    ]),
    { type: 'done', generationId: 'g1' },
  ]);
}

function writeFor() {
  const group = screen.getByRole('group', { name: 'Write for' });
  return [...group.querySelectorAll<HTMLInputElement>('input:checked')]
    .map((box) => box.parentElement?.textContent)
    .sort();
}

describe('the composer page (one composer, with the assistant, docs/decisions/0071-one-composer-with-the-assistant.md)', () => {
  it('has the assistant beside the composer, writing for the networks picked there in one request', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/accounts': { accounts: [] },
      'GET /api/ai/status': CONFIGURED,
      'GET /api/ai/history': { items: [] },
      'POST /api/ai/generate': ({ body }) =>
        variantsFor((body as { platforms: PlatformId[] }).platforms, 'Spring is here.'),
    });
    renderWithProviders(<PostComposerPage />, { route: '/post-composer' });
    const assistant = await screen.findByRole('region', { name: 'AI assistant' });
    await within(assistant).findByRole('group', { name: 'Write for' });
    expect(writeFor()).toEqual(['X (Twitter)']);

    for (const name of ['Instagram', 'X (Twitter)', 'LinkedIn'])
      await user.click(screen.getByRole('button', { name }));
    expect(writeFor()).toEqual(['Instagram', 'LinkedIn', 'X (Twitter)']);

    await user.type(within(assistant).getByLabelText('What should the post say?'), 'Our spring menu');
    await user.click(within(assistant).getByRole('button', { name: 'Generate' }));
    const variants = await within(assistant).findByRole('list', { name: 'Generated variants' });
    await waitFor(() => expect(within(variants).getAllByRole('listitem')).toHaveLength(3));
    const requests = api.callsTo('POST /api/ai/generate');
    expect(requests).toHaveLength(1);
    const asked = requests[0]?.body as { platforms: PlatformId[] } | undefined;
    expect([...(asked?.platforms ?? [])].sort()).toEqual(['instagram', 'linkedin', 'twitter']);
    for (const platform of ['instagram', 'linkedin', 'twitter'] as const)
      expect(
        within(variants).getByRole('textbox', { name: `Text for ${PLATFORMS[platform].name}` }),
      ).toBeTruthy();

    // Unpicking one in the composer takes it out of "Write for".
    await user.click(screen.getByRole('button', { name: 'Instagram' }));
    expect(writeFor()).toEqual(['LinkedIn', 'X (Twitter)']);
  });

  it('starts from what the calendar’s Create Post held', async () => {
    fakeApi({
      'GET /api/accounts': { accounts: [] },
      'GET /api/ai/status': CONFIGURED,
      'GET /api/ai/history': { items: [] },
    });
    renderWithProviders(<PostComposerPage />, {
      route: '/post-composer',
      state: {
        draft: { content: 'Half-written', platforms: ['mastodon'], date: '2031-05-04', time: '09:30' },
      },
    });
    expect(((await screen.findByLabelText('Post text')) as HTMLTextAreaElement).value).toBe('Half-written');
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2031-05-04');
    await screen.findByRole('group', { name: 'Write for' });
    expect(writeFor()).toEqual(['Mastodon']);
  });

  it('keeps the home page’s prompt on Create Post when no provider is set up', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/accounts': { accounts: [] },
      'GET /api/ai/status': NOT_CONFIGURED,
      'GET /api/ai/settings': { canEdit: true },
    });
    renderWithProviders(<CreatePostPage />, {
      route: '/create-post',
      state: { aiPrompt: 'A LinkedIn post about our spring webinar' },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Create Post' })).toBeTruthy();
    const assistant = await screen.findByRole('region', { name: 'AI assistant' });
    expect(await within(assistant).findByText(AI_MESSAGES.ownerSetsProvider)).toBeTruthy();
    expect(within(assistant).getByRole('link', { name: 'Open Settings' }).getAttribute('href')).toBe(
      '/settings',
    );
    const prompt = within(assistant).getByLabelText('What should the post say?') as HTMLTextAreaElement;
    expect(prompt.value).toBe('A LinkedIn post about our spring webinar');
    const postText = screen.getByLabelText('Post text') as HTMLTextAreaElement;
    expect(postText.value).toBe('');
    await user.click(within(assistant).getByRole('button', { name: 'Start the post from it' }));
    expect(postText.value).toBe('A LinkedIn post about our spring webinar');
    expect(screen.getByRole('button', { name: 'LinkedIn' }).getAttribute('aria-pressed')).toBe('true');
  });

  /**
   * The composer page with the assistant still asking whether AI is set up, "Write with AI" tapped meanwhile;
   * `answer()` lets the assistant load.
   */
  async function tapWhileLoading() {
    const user = userEvent.setup();
    let answer: (status: typeof CONFIGURED) => void = () => {};
    fakeApi({
      'GET /api/accounts': { accounts: [] },
      'GET /api/ai/status': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/ai/history': { items: [] },
    });
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderWithProviders(<PostComposerPage />, { route: '/post-composer' });
    const assistant = await screen.findByRole('region', { name: 'AI assistant' });
    await within(assistant).findByText('Checking the AI assistant');
    await user.click(screen.getByRole('button', { name: 'Write with AI' }));
    return { user, assistant, scrolled, answer: () => answer(CONFIGURED) };
  }

  it('"Write with AI" tapped while the assistant is still loading focuses its prompt once it is there', async () => {
    const { assistant, scrolled, answer } = await tapWhileLoading();
    expect(scrolled).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    answer();
    const prompt = await within(assistant).findByLabelText('What should the post say?');
    await waitFor(() => expect(document.activeElement).toBe(prompt));
  });

  it('a still-loading assistant does not take the focus back from a field the user went to meanwhile', async () => {
    const { user, assistant, answer } = await tapWhileLoading();
    const postText = screen.getByLabelText('Post text');
    await user.click(postText);
    answer();
    await within(assistant).findByLabelText('What should the post say?');
    expect(document.activeElement).toBe(postText);
  });
});
