import { AI_MESSAGES, AI_SETUP } from '@relaycast/shared/ai';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ComposerBridge } from '@/lib/composer-bridge';
import { fakeApi, serverSentEvents } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { AiAssistantPanel } from './ai-assistant-panel';

function bridge(overrides: Partial<ComposerBridge> = {}): ComposerBridge {
  return {
    platforms: [],
    content: '',
    isLocked: false,
    selection: { start: 0, end: 0, text: '' },
    applyText: vi.fn(),
    replaceSelection: vi.fn(),
    appendText: vi.fn(),
    ...overrides,
  };
}

function renderPanel(composer: ComposerBridge, aiPrompt?: string) {
  renderWithProviders(<AiAssistantPanel aiPrompt={aiPrompt} composer={composer} />);
}

const CONFIGURED = {
  isConfigured: true,
  provider: 'openai-compatible',
  model: 'm',
  instructions: null,
  hourlyLimit: 60,
  usedThisHour: 0,
};

describe('AiAssistantPanel', () => {
  const NOT_CONFIGURED = {
    isConfigured: false,
    provider: null,
    model: null,
    instructions: {
      message: AI_MESSAGES.notConfigured,
      variables: [...AI_SETUP.variables],
      ollamaExample: AI_SETUP.ollamaExample,
    },
    hourlyLimit: 60,
    usedThisHour: 0,
  };
  function withoutProvider(canEdit: boolean) {
    fakeApi({ 'GET /api/ai/status': NOT_CONFIGURED, 'GET /api/ai/settings': { canEdit } });
  }

  it('sends a workspace owner to Settings, with the server instructions folded below', async () => {
    withoutProvider(true);
    renderPanel(bridge());
    expect(await screen.findByText(AI_MESSAGES.ownerSetsProvider)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Settings' }).getAttribute('href')).toBe('/settings');
    expect(screen.getByText(AI_MESSAGES.notConfigured)).toBeTruthy();
    expect(screen.getByText(AI_SETUP.ollamaExample)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
  });

  it('tells a member to ask the workspace owner, without the administrator’s instructions', async () => {
    withoutProvider(false);
    renderPanel(bridge());
    expect(await screen.findByText(AI_MESSAGES.askOwnerForProvider)).toBeTruthy();
    expect(screen.queryByText(AI_MESSAGES.notConfigured)).toBeNull();
    expect(screen.queryByText(AI_SETUP.ollamaExample)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open Settings' })).toBeNull();
  });

  it.each([
    { who: 'an owner', canEdit: true, message: AI_MESSAGES.ownerSetsProvider },
    { who: 'a member', canEdit: false, message: AI_MESSAGES.askOwnerForProvider },
  ])('keeps the home page’s prompt for $who when no provider is set up', async ({ canEdit, message }) => {
    const user = userEvent.setup();
    withoutProvider(canEdit);
    const composer = bridge();
    renderPanel(composer, 'Three captions for our spring sale');
    expect(await screen.findByText(message)).toBeTruthy();
    const prompt = screen.getByLabelText('What should the post say?') as HTMLTextAreaElement;
    expect(prompt.value).toBe('Three captions for our spring sale');
    expect(
      screen.getByText(
        'Your idea is kept here: once a provider is set up, Generate writes the post from it.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start the post from it' }));
    expect(composer.appendText).toHaveBeenCalledWith('Three captions for our spring sale');
  });

  it('shows no prompt field without a provider when no prompt came with the page', async () => {
    withoutProvider(true);
    renderPanel(bridge());
    expect(await screen.findByText(AI_MESSAGES.ownerSetsProvider)).toBeTruthy();
    expect(screen.queryByLabelText('What should the post say?')).toBeNull();
  });

  it('writes for the networks picked in the composer, in one request, and follows them as they change', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/ai/status': CONFIGURED,
      'GET /api/ai/history': { items: [] },
      'POST /api/ai/generate': () => serverSentEvents([{ type: 'done', generationId: 'g1' }]),
    });
    const picked = bridge({ platforms: ['instagram', 'twitter', 'linkedin'] });
    const { rerender } = renderWithProviders(<AiAssistantPanel aiPrompt="Launch day" composer={picked} />);
    const writeFor = await screen.findByRole('group', { name: 'Write for' });
    const checked = () =>
      [...writeFor.querySelectorAll<HTMLInputElement>('input:checked')].map(
        (box) => box.parentElement?.textContent,
      );
    expect(checked()).toEqual(['Instagram', 'X (Twitter)', 'LinkedIn']);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(api.callsTo('POST /api/ai/generate')).toHaveLength(1));
    expect(api.callsTo('POST /api/ai/generate')[0]?.body).toMatchObject({
      platforms: ['instagram', 'twitter', 'linkedin'],
    });

    rerender(<AiAssistantPanel aiPrompt="Launch day" composer={bridge({ platforms: ['facebook'] })} />);
    expect(checked()).toEqual(['Facebook']);
    // Nothing picked any more: "Write for" keeps what it had.
    rerender(<AiAssistantPanel aiPrompt="Launch day" composer={bridge({ platforms: [] })} />);
    expect(checked()).toEqual(['Facebook']);
  });

  it('writes for X while the composer has no network picked', async () => {
    fakeApi({ 'GET /api/ai/status': CONFIGURED, 'GET /api/ai/history': { items: [] } });
    renderPanel(bridge());
    const writeFor = await screen.findByRole('group', { name: 'Write for' });
    expect(
      [...writeFor.querySelectorAll('input:checked')].map((box) => box.parentElement?.textContent),
    ).toEqual(['X (Twitter)']);
  });

  it('generates from the prompt, shows the variant and uses it for its platform', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/ai/status': CONFIGURED,
      'GET /api/ai/history': { items: [] },
      'POST /api/ai/generate': () =>
        serverSentEvents([
          { type: 'variant-start', platform: 'twitter' },
          { type: 'delta', platform: 'twitter', text: 'We are ' },
          { type: 'delta', platform: 'twitter', text: 'live!' },
          {
            type: 'variant',
            variant: {
              platform: 'twitter',
              text: 'We are live!',
              length: 12,
              maxLength: 280,
              wasShortened: false,
              warning: null,
            },
          },
          { type: 'done', generationId: 'g1' },
        ]),
    });
    const composer = bridge();
    renderPanel(composer, 'Launch day');
    expect(((await screen.findByLabelText('What should the post say?')) as HTMLTextAreaElement).value).toBe(
      'Launch day',
    );
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const text = (await screen.findByRole('textbox', {
      name: 'Text for X (Twitter)',
    })) as HTMLTextAreaElement;
    expect(text.value).toBe('We are live!');
    expect(api.callsTo('POST /api/ai/generate')[0]?.body).toMatchObject({
      prompt: 'Launch day',
      platforms: ['twitter'],
    });
    await user.click(screen.getByRole('button', { name: 'Use for X (Twitter)' }));
    expect(composer.applyText).toHaveBeenCalledWith('twitter', 'We are live!', true);
  });

  it('replaces the selected text with the edited version', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/ai/status': CONFIGURED,
      'GET /api/ai/history': { items: [] },
      'POST /api/ai/transform': { text: 'Hi.', generationId: 'g2' },
    });
    const composer = bridge({
      content: 'Hello there, friends',
      selection: { start: 0, end: 11, text: 'Hello there' },
    });
    renderPanel(composer);
    await user.click(await screen.findByRole('button', { name: 'Shorten' }));
    await waitFor(() => expect(composer.replaceSelection).toHaveBeenCalledWith('Hi.'));
  });
});
