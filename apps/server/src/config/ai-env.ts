/** The server's AI provider; a workspace admin may override each field (modules/ai). */
export interface AiConfig {
  provider: 'openai' | 'anthropic' | 'openai-compatible' | undefined;
  baseUrl: string | undefined;
  model: string | undefined;
  apiKey: string | undefined;
  /** The longest a provider request may take, streaming included. */
  timeoutMs: number;
  /** Provider requests per workspace per rolling hour. */
  hourlyLimit: number;
  /** The clip transcripts' model at the provider's OpenAI-style `/audio/transcriptions`; unset: none. */
  transcriptionModel?: string;
  /** The AI images' model (docs/ai-images.md); unset: the provider's default, if it has one. */
  imageModel?: string;
}

/** The AI variables of the environment, as loadConfig reads them ('' counts as unset). */
export function aiConfigOf(env: {
  AI_PROVIDER?: AiConfig['provider'];
  AI_BASE_URL?: string;
  AI_MODEL?: string;
  AI_API_KEY?: string;
  AI_TIMEOUT_MS: number;
  AI_HOURLY_LIMIT: number;
  AI_TRANSCRIPTION_MODEL?: string;
  AI_IMAGE_MODEL?: string;
}): AiConfig {
  return {
    provider: env.AI_PROVIDER,
    baseUrl: env.AI_BASE_URL,
    model: env.AI_MODEL || undefined,
    apiKey: env.AI_API_KEY || undefined,
    timeoutMs: env.AI_TIMEOUT_MS,
    hourlyLimit: env.AI_HOURLY_LIMIT,
    transcriptionModel: env.AI_TRANSCRIPTION_MODEL || undefined,
    imageModel: env.AI_IMAGE_MODEL || undefined,
  };
}
