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
