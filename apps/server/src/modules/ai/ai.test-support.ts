import type { AiStreamEvent } from '@relaycast/shared/ai';
import { type FakeAiProvider, startFakeAiProvider } from '../../../../../scripts/ai-provider.fake.mjs';
import { signInAsNewUser } from '../../../test/auth-requests';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { AiConfig, Config } from '../../config/env';

export interface AiTestContext {
  test: TestApp;
  fake: FakeAiProvider;
  cookie: string;
}

/**
 * A test app whose AI provider is a local fake speaking the OpenAI-compatible protocol (the server's own
 * AI_BASE_URL, trusted). `config` adds settings, such as allowPrivateAddresses for a workspace override that
 * points at the local fake.
 */
export async function startAiTest(
  ai: Partial<AiConfig> = {},
  config: Partial<Config> = {},
): Promise<AiTestContext> {
  const fake = await startFakeAiProvider();
  const test = await createTestApp({
    config: {
      ...config,
      ai: {
        provider: 'openai-compatible',
        baseUrl: fake.baseUrl,
        model: 'fake-model',
        apiKey: 'sk-server-key-0000',
        timeoutMs: 5_000,
        hourlyLimit: 100,
        ...ai,
      },
    },
  });
  const { cookie } = await signInAsNewUser(test, { name: 'Ada Writer' });
  return { test, fake, cookie };
}

export function parseEvents(text: string): AiStreamEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as AiStreamEvent);
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
