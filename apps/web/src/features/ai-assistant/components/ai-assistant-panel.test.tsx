import { AI_MESSAGES, AI_SETUP } from '@relaycast/shared/ai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComposerBridge } from '@/lib/composer-bridge';
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
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AiAssistantPanel aiPrompt={aiPrompt} composer={composer} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
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

afterEach(() => vi.unstubAllGlobals());

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
    return vi.fn(async (url: string) =>
      url === '/api/ai/status' ? Response.json(NOT_CONFIGURED) : Response.json({ canEdit }),
    );
  }

  it('sends a workspace owner to Settings, with the server instructions folded below', async () => {
    vi.stubGlobal('fetch', withoutProvider(true));
    renderPanel(bridge());
    expect(await screen.findByText(AI_MESSAGES.ownerSetsProvider)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Settings' }).getAttribute('href')).toBe('/settings');
    expect(screen.getByText(AI_MESSAGES.notConfigured)).toBeTruthy();
    expect(screen.getByText(AI_SETUP.ollamaExample)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
  });

  it('tells a member to ask the workspace owner, without the administrator’s instructions', async () => {
    vi.stubGlobal('fetch', withoutProvider(false));
    renderPanel(bridge());
    expect(await screen.findByText(AI_MESSAGES.askOwnerForProvider)).toBeTruthy();
    expect(screen.queryByText(AI_MESSAGES.notConfigured)).toBeNull();
    expect(screen.queryByText(AI_SETUP.ollamaExample)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open Settings' })).toBeNull();
  });

  it('generates from the prompt, shows the variant and uses it for its platform', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/ai/status') return Response.json(CONFIGURED);
      if (url === '/api/ai/generate') {
        expect(JSON.parse(String(init?.body))).toMatchObject({
          prompt: 'Launch day',
          platforms: ['twitter'],
        });
        return sse([
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
        ]);
      }
      return Response.json({ items: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
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
    await user.click(screen.getByRole('button', { name: 'Use for X (Twitter)' }));
    expect(composer.applyText).toHaveBeenCalledWith('twitter', 'We are live!', true);
  });

  it('replaces the selected text with the edited version', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/ai/status'
          ? Response.json(CONFIGURED)
          : Response.json({ text: 'Hi.', generationId: 'g2' }),
      ),
    );
    const composer = bridge({
      content: 'Hello there, friends',
      selection: { start: 0, end: 11, text: 'Hello there' },
    });
    renderPanel(composer);
    await user.click(await screen.findByRole('button', { name: 'Shorten' }));
    await waitFor(() => expect(composer.replaceSelection).toHaveBeenCalledWith('Hi.'));
  });
});
