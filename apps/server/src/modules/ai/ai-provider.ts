import { APICallError } from '@ai-sdk/provider';
import type { AiProvider } from '@relaycast/shared/ai';
import type { ImageModel, LanguageModel } from 'ai';
import type { AiConfig } from '../../config/env';
import { AppError } from '../../lib/app-error';
import { SafeFetchError } from '../../lib/safe-fetch';

/**
 * The one place that knows the AI providers. Everything else asks for a `LanguageModel` and hands errors to
 * `providerError`, so adding a provider touches this file only. The provider SDKs are imported when a model is
 * first made: a server whose users never call the AI does not hold them in memory (docs/decisions/0054-server-memory.md, memory goal).
 */

export interface ProviderSettings {
  provider: AiProvider;
  baseUrl: string | undefined;
  model: string;
  apiKey: string | undefined;
  /**
   * True when the base URL is a workspace's own (typed in /settings): it is subject to the address policy.
   * The administrator's AI_BASE_URL is trusted (a self-hoster's local Ollama).
   */
  baseUrlFromWorkspace?: boolean;
}

/** What a workspace stored (decrypted); null fields fall back to the server's configuration. */
export interface ProviderOverride {
  provider: AiProvider | null;
  baseUrl: string | null;
  model: string | null;
  apiKey: string | null;
}

export const DEFAULT_MODELS: Partial<Record<AiProvider, string>> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
};

/** The provider a workspace uses, or null when it is not configured enough to make a request. */
export function effectiveProviderSettings(
  server: AiConfig,
  override: ProviderOverride | null,
): ProviderSettings | null {
  const provider = override?.provider ?? server.provider;
  if (!provider) return null;
  // A workspace that picks another provider than the server's does not inherit the server's key or URL.
  const inherits = !override?.provider || override.provider === server.provider;
  const baseUrl = override?.baseUrl ?? (inherits ? server.baseUrl : undefined);
  const apiKey = override?.apiKey ?? (inherits ? server.apiKey : undefined);
  const model = override?.model ?? (inherits ? server.model : undefined) ?? DEFAULT_MODELS[provider];
  if (!model) return null;
  if (provider === 'openai-compatible' && !baseUrl) return null;
  if (provider !== 'openai-compatible' && !apiKey) return null;
  return { provider, baseUrl, model, apiKey, baseUrlFromWorkspace: Boolean(override?.baseUrl) };
}

/** `fetch`: the safe fetch of the address policy for a workspace's own base URL (see ai-settings.ts). */
export async function createLanguageModel(
  settings: ProviderSettings,
  options: { fetch?: typeof fetch } = {},
): Promise<LanguageModel> {
  const { fetch: customFetch } = options;
  switch (settings.provider) {
    case 'openai':
      return (await openAIProvider(settings, customFetch)).chat(settings.model);
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey: settings.apiKey, baseURL: settings.baseUrl, fetch: customFetch }).chat(
        settings.model,
      );
    }
    case 'openai-compatible':
      return (await openAICompatibleProvider(settings, customFetch)).chatModel(settings.model);
  }
}

/** OpenAI's provider with the workspace's key and base URL: its text and image models. */
async function openAIProvider(settings: ProviderSettings, customFetch: typeof fetch | undefined) {
  const { createOpenAI } = await import('@ai-sdk/openai');
  return createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl, fetch: customFetch });
}

/** An OpenAI-compatible server (Ollama, LM Studio…) at the base URL: its text and image models. */
async function openAICompatibleProvider(settings: ProviderSettings, customFetch: typeof fetch | undefined) {
  const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
  return createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: settings.baseUrl ?? '',
    apiKey: settings.apiKey,
    fetch: customFetch,
  });
}

/** The image models a provider is known to have (docs/ai-images.md); openai-compatible needs AI_IMAGE_MODEL. */
export const DEFAULT_IMAGE_MODELS: Partial<Record<AiProvider, string>> = {
  openai: 'gpt-image-1',
};

/** The image model a workspace's provider uses, or null when it has none (anthropic, or no model named). */
export function imageModelNameFor(server: AiConfig, settings: ProviderSettings): string | null {
  if (settings.provider === 'anthropic') return null;
  const inherits = settings.provider === server.provider;
  return (inherits ? server.imageModel : undefined) ?? DEFAULT_IMAGE_MODELS[settings.provider] ?? null;
}

/** The provider's image model (`POST {base}/images/generations`), reached through `fetch` as the text models are. */
export async function createImageModel(
  settings: ProviderSettings,
  modelId: string,
  options: { fetch?: typeof fetch } = {},
): Promise<ImageModel> {
  const { fetch: customFetch } = options;
  if (settings.provider === 'openai') return (await openAIProvider(settings, customFetch)).image(modelId);
  if (settings.provider === 'openai-compatible') {
    return (await openAICompatibleProvider(settings, customFetch)).imageModel(modelId);
  }
  throw new AppError('AI_IMAGES_NOT_CONFIGURED');
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A provider failure as the message a user can act on. `timedOut`: our own deadline fired. */
export function providerError(error: unknown, timedOut: boolean): AppError {
  if (timedOut) return new AppError('AI_TIMEOUT');
  // The address policy refused the workspace's base URL at connection time (a name that now resolves inside).
  const refused = [error, (error as { cause?: unknown })?.cause].find(
    (candidate) => candidate instanceof SafeFetchError && candidate.reason === 'blocked',
  );
  if (refused instanceof SafeFetchError) return new AppError('PRIVATE_ADDRESS', { message: refused.message });
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === 401 || status === 403) return new AppError('AI_BAD_KEY');
    if (status === 429) return new AppError('AI_QUOTA');
    if (status === 404) return new AppError('AI_MODEL_NOT_FOUND');
    if (status === undefined) return new AppError('AI_UNREACHABLE');
    return new AppError('AI_PROVIDER_ERROR');
  }
  const code = causeCode(error);
  if (code && ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EHOSTUNREACH'].includes(code)) {
    return new AppError('AI_UNREACHABLE');
  }
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    return new AppError('AI_UNREACHABLE');
  }
  return new AppError('AI_PROVIDER_ERROR');
}
