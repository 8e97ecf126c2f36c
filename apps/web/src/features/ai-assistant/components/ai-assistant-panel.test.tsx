import { AI_MESSAGES, AI_SETUP } from '@relaycast/shared/ai';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ComposerBridge } from '@/lib/composer-bridge';
import { fakeApi } from '@/test/api.fake';
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

function sse(events: unknown[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream({
    start(controller) {
      for (const event of events) controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
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

  it('generates from the prompt, shows the variant and uses it for its platform', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/ai/status': CONFIGURED,
      'GET /api/ai/history': { items: [] },
      'POST /api/ai/generate': () =>
        sse([
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
