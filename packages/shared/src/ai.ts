import { z } from 'zod';
import { isPlatformId, PLATFORM_IDS, type PlatformId } from './platforms';

/** The AI content assistant (`/api/ai/*`): options, requests, the streamed events and every message. */

export const AI_PROVIDERS = ['openai', 'anthropic', 'openai-compatible'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

export const AI_TONES = ['professional', 'friendly', 'witty', 'bold'] as const;
export type AiTone = (typeof AI_TONES)[number];

export const AI_LENGTHS = ['short', 'medium', 'long'] as const;
export type AiLength = (typeof AI_LENGTHS)[number];

export const AI_LANGUAGES = ['English', 'Spanish', 'French', 'German'] as const;
export type AiLanguage = (typeof AI_LANGUAGES)[number];

export const AI_TRANSFORMS = [
  'shorten',
  'expand',
  'rephrase',
  'fix-grammar',
  'translate',
  'change-tone',
] as const;
export type AiTransform = (typeof AI_TRANSFORMS)[number];

export const AI_TRANSFORM_LABELS: Record<AiTransform, string> = {
  shorten: 'Shorten',
  expand: 'Expand',
  rephrase: 'Rephrase',
  'fix-grammar': 'Fix grammar',
  translate: 'Translate',
  'change-tone': 'Change tone',
};

export const MAX_AI_PROMPT = 2_000;
export const MAX_AI_TEXT = 10_000;

/** The variables a self-hoster sets; shown verbatim by the panel and the status endpoint. */
export const AI_SETUP = {
  variables: ['AI_PROVIDER', 'AI_BASE_URL', 'AI_MODEL', 'AI_API_KEY'],
  ollamaExample: 'AI_PROVIDER=openai-compatible AI_BASE_URL=http://localhost:11434/v1 AI_MODEL=llama3.1',
} as const;

export const AI_MESSAGES = {
  notConfigured:
    'The AI assistant is not set up yet. Set AI_PROVIDER (openai, anthropic or openai-compatible), AI_MODEL, and AI_API_KEY or AI_BASE_URL on the server, or ask a workspace admin to choose a provider in Settings.',
  /** To a workspace owner or admin when no provider is set: where to set it. */
  ownerSetsProvider: 'The AI assistant has no provider yet. Choose one in Settings, under AI assistant.',
  /** To a member who cannot change the provider: whom to ask. */
  askOwnerForProvider:
    'The AI assistant is not set up for this workspace yet. Ask your workspace owner to choose an AI provider in Settings.',
  serverSetupIntro: 'Or the server administrator can set one for every workspace:',
  ollamaIntro: 'A local Ollama works too:',
  promptRequired: 'Describe what you would like to post.',
  promptTooLong: `Please keep the prompt under ${MAX_AI_PROMPT.toLocaleString('en-US')} characters.`,
  textRequired: 'Select or write some text first.',
  textTooLong: `Please keep the text under ${MAX_AI_TEXT.toLocaleString('en-US')} characters.`,
  platformRequired: 'Choose at least one platform.',
  unknownPlatform: (value: string) => `Unknown platform: ${value}.`,
  languageRequired: 'Choose a language to translate to.',
  toneRequired: 'Choose a tone.',
  hourlyLimit: (limit: number, minutes: number) =>
    `Your workspace has used its ${limit} AI requests for this hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  badKey: 'The AI provider refused the API key. Check the key in Settings or AI_API_KEY on the server.',
  quota:
    'The AI provider says the quota or rate limit is used up. Please try again later or check your plan with the provider.',
  timeout: 'The AI provider did not answer in time. Please try again.',
  unreachable: 'Could not reach the AI provider. Check the base URL and that the provider is running.',
  modelNotFound: 'The AI provider does not know this model. Check the model name in Settings or AI_MODEL.',
  providerFailed: 'The AI provider returned an error. Please try again.',
  emptyAnswer: 'The AI provider returned no text. Please try again.',
  stillTooLong: (platformName: string, length: number, maxLength: number) =>
    `Still ${length} of ${maxLength} characters for ${platformName} after shortening: please trim it yourself.`,
  adminOnly: 'Only workspace owners and admins can change the AI settings.',
  settingsSaved: 'AI settings saved',
  invalidBaseUrl: 'Enter a base URL that starts with http:// or https://.',
  modelRequired: 'Enter the model name.',
  invalidUrl: 'Enter the address of an article, starting with http:// or https://.',
  blockedUrl: 'This address points to a private or local network, so Relaycast will not fetch it.',
  pageTooLarge: 'This page is too large to read.',
  pageTimeout: 'The page took too long to load.',
  pageFailed: 'Could not load this page.',
  tooManyRedirects: 'This address redirects too many times.',
  noReadableText: 'Could not find any article text on this page.',
  stopped: 'Stopped.',
} as const;

const platformIdSchema = z
  .string()
  .refine(isPlatformId, { error: (issue) => AI_MESSAGES.unknownPlatform(String(issue.input)) });

export const aiGenerateOptionsSchema = z.object({
  platforms: z
    .array(platformIdSchema)
    .min(1, AI_MESSAGES.platformRequired)
    .max(PLATFORM_IDS.length)
    .transform((list) => [...new Set(list)] as PlatformId[]),
  tone: z.enum(AI_TONES).default('friendly'),
  length: z.enum(AI_LENGTHS).default('medium'),
  language: z.enum(AI_LANGUAGES).default('English'),
  hashtags: z.boolean().default(true),
  emoji: z.boolean().default(false),
  callToAction: z.string().trim().max(200).default(''),
});
export type AiGenerateOptions = z.infer<typeof aiGenerateOptionsSchema>;

const promptSchema = z
  .string({ error: AI_MESSAGES.promptRequired })
  .trim()
  .min(1, AI_MESSAGES.promptRequired)
  .max(MAX_AI_PROMPT, AI_MESSAGES.promptTooLong);

/** `POST /api/ai/generate`. */
export const aiGenerateInputSchema = z.object({ prompt: promptSchema }).and(aiGenerateOptionsSchema);
export type AiGenerateInput = z.input<typeof aiGenerateInputSchema>;

const textSchema = z
  .string({ error: AI_MESSAGES.textRequired })
  .trim()
  .min(1, AI_MESSAGES.textRequired)
  .max(MAX_AI_TEXT, AI_MESSAGES.textTooLong);

/** `POST /api/ai/transform`: one edit of the selected text. */
export const aiTransformInputSchema = z
  .object({
    text: textSchema,
    action: z.enum(AI_TRANSFORMS),
    language: z.enum(AI_LANGUAGES).optional(),
    tone: z.enum(AI_TONES).optional(),
    platform: platformIdSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.action === 'translate' && !value.language)
      ctx.addIssue({ code: 'custom', path: ['language'], message: AI_MESSAGES.languageRequired });
    if (value.action === 'change-tone' && !value.tone)
      ctx.addIssue({ code: 'custom', path: ['tone'], message: AI_MESSAGES.toneRequired });
  });
export type AiTransformInput = z.input<typeof aiTransformInputSchema>;

export const aiTextResultSchema = z.object({ text: z.string(), generationId: z.string() });
export type AiTextResult = z.infer<typeof aiTextResultSchema>;

/** `POST /api/ai/hashtags`. */
export const aiHashtagsInputSchema = z.object({
  text: textSchema,
  platform: platformIdSchema.optional(),
});
export const aiHashtagsResultSchema = z.object({ hashtags: z.array(z.string()), generationId: z.string() });
export type AiHashtagsResult = z.infer<typeof aiHashtagsResultSchema>;

/** `POST /api/ai/ideas`: three post ideas from an article. */
export const aiIdeasInputSchema = z.object({
  url: z
    .string({ error: AI_MESSAGES.invalidUrl })
    .trim()
    .max(2_000, AI_MESSAGES.invalidUrl)
    .pipe(z.url({ protocol: /^https?$/, error: AI_MESSAGES.invalidUrl })),
});
export const aiIdeasResultSchema = z.object({
  url: z.string(),
  title: z.string(),
  ideas: z.array(z.string()),
  generationId: z.string(),
});
export type AiIdeasResult = z.infer<typeof aiIdeasResultSchema>;

export const aiStatusSchema = z.object({
  isConfigured: z.boolean(),
  provider: z.enum(AI_PROVIDERS).nullable(),
  model: z.string().nullable(),
  /** Set when not configured: what to do, word for word. */
  instructions: z
    .object({ message: z.string(), variables: z.array(z.string()), ollamaExample: z.string() })
    .nullable(),
  hourlyLimit: z.number().int(),
  usedThisHour: z.number().int(),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;

export const AI_GENERATION_KINDS = ['generate', 'transform', 'hashtags', 'ideas', 'image'] as const;
export type AiGenerationKind = (typeof AI_GENERATION_KINDS)[number];

export const aiVariantSchema = z.object({
  platform: z.enum(PLATFORM_IDS),
  text: z.string(),
  length: z.number().int(),
  maxLength: z.number().int(),
  wasShortened: z.boolean(),
  /** Set when the text is still over the platform's limit after the shortening request. */
  warning: z.string().nullable(),
});
export type AiVariant = z.infer<typeof aiVariantSchema>;

export const aiHistoryEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(AI_GENERATION_KINDS),
  prompt: z.string(),
  options: z.record(z.string(), z.unknown()),
  status: z.enum(['running', 'done', 'failed', 'stopped']),
  variants: z.array(aiVariantSchema),
  resultText: z.string(),
  createdAt: z.string(),
});
export type AiHistoryEntry = z.infer<typeof aiHistoryEntrySchema>;
export const aiHistorySchema = z.object({ items: z.array(aiHistoryEntrySchema) });

/** One Server-Sent Event of `POST /api/ai/generate` (`data: <json>`). */
export type AiStreamEvent =
  | { type: 'variant-start'; platform: PlatformId }
  | { type: 'delta'; platform: PlatformId; text: string }
  | { type: 'shortening'; platform: PlatformId }
  | { type: 'variant'; variant: AiVariant }
  | { type: 'done'; generationId: string }
  | { type: 'error'; code: string; message: string };

/** `GET/PUT /api/ai/settings`: the workspace's own provider; empty fields fall back to the server's. */
export const aiSettingsSchema = z.object({
  provider: z.enum(AI_PROVIDERS).nullable(),
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  /** Only the last four characters of a stored key ever leave the server. */
  apiKeyLastFour: z.string().nullable(),
  canEdit: z.boolean(),
  server: z.object({
    provider: z.enum(AI_PROVIDERS).nullable(),
    model: z.string().nullable(),
    baseUrl: z.string().nullable(),
  }),
  /** ALLOW_PRIVATE_ADDRESSES: whether a base URL inside the server's network (a LAN Ollama) is accepted. */
  privateAddressesAllowed: z.boolean(),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

export const aiSettingsInputSchema = z.object({
  provider: z.enum(AI_PROVIDERS).nullable(),
  baseUrl: z
    .string()
    .trim()
    .max(500, AI_MESSAGES.invalidBaseUrl)
    .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: AI_MESSAGES.invalidBaseUrl })])),
  model: z.string().trim().max(200),
  /** Absent keeps the stored key; '' removes it; anything else replaces it. */
  apiKey: z.string().trim().max(500).optional(),
});
export type AiSettingsInput = z.infer<typeof aiSettingsInputSchema>;
