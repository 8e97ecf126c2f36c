/**
 * The language model a request uses is made once per provider settings and reused: the same settings give the
 * same model, anything that makes a request differ (key, address, model, the address policy) gives another.
 */
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config/env';
import type { ProviderSettings } from './ai-provider';
import { languageModelFor } from './ai-settings';

const trusting = { allowPrivateAddresses: true } as Config;
const strict = { allowPrivateAddresses: false } as Config;

const settings = (overrides: Partial<ProviderSettings> = {}): ProviderSettings => ({
  provider: 'openai-compatible',
  baseUrl: 'http://127.0.0.1:9/v1',
  model: 'fake-model',
  apiKey: 'sk-one',
  ...overrides,
});

describe('languageModelFor', () => {
  it('reuses the model made for the same settings', async () => {
    const first = await languageModelFor(strict, settings());
    expect(await languageModelFor(strict, settings())).toBe(first);
    // The server's own base URL does not go through the address policy, so the policy does not tell them apart.
    expect(await languageModelFor(trusting, settings())).toBe(first);
  });

  it('makes another model when anything a request depends on differs', async () => {
    const first = await languageModelFor(strict, settings());
    const others = await Promise.all([
      languageModelFor(strict, settings({ apiKey: 'sk-two' })),
      languageModelFor(strict, settings({ baseUrl: 'http://127.0.0.1:10/v1' })),
      languageModelFor(strict, settings({ model: 'other-model' })),
      languageModelFor(strict, settings({ baseUrlFromWorkspace: true })),
      languageModelFor(trusting, settings({ baseUrlFromWorkspace: true })),
    ]);
    expect(new Set([first, ...others]).size).toBe(6);
    expect(others.map((model) => (model as { modelId: string }).modelId)).toEqual([
      'fake-model',
      'fake-model',
      'other-model',
      'fake-model',
      'fake-model',
    ]);
  });
});
