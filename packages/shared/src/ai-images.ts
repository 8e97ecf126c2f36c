import { z } from 'zod';

/**
 * AI images (docs/ai-images.md): a picture generated from a prompt through the workspace's AI provider lands in the
 * media library with its prompt, model and provider recorded and is shown as "AI-generated".
 */

export const MAX_AI_IMAGE_PROMPT = 1000;

/** The sizes asked of the provider, one per platform shape: square feeds, portrait (4:5, 9:16) and landscape links. */
export const AI_IMAGE_SIZES = ['1024x1024', '1024x1536', '1536x1024'] as const;
export type AiImageSize = (typeof AI_IMAGE_SIZES)[number];

export const AI_IMAGE_SIZE_LABELS: Record<AiImageSize, string> = {
  '1024x1024': 'Square (1:1)',
  '1024x1536': 'Portrait (2:3)',
  '1536x1024': 'Landscape (3:2)',
};

export const AI_IMAGE_MESSAGES = {
  promptRequired: 'Describe the image you would like.',
  promptTooLong: `Please keep the description under ${MAX_AI_IMAGE_PROMPT.toLocaleString('en-US')} characters.`,
  /** The provider is set up, but nothing on it makes images. */
  notConfigured:
    'AI images need a provider that makes images: set AI_PROVIDER=openai (gpt-image-1 by default), or an openai-compatible AI_BASE_URL with AI_IMAGE_MODEL naming its image model (LocalAI, for instance).',
  noImage: 'The AI provider returned no image. Please try again or change the description.',
  generated: 'Image added to the library',
  badge: 'AI-generated',
} as const;

export const aiImageInputSchema = z.object({
  prompt: z
    .string({ error: AI_IMAGE_MESSAGES.promptRequired })
    .trim()
    .min(1, AI_IMAGE_MESSAGES.promptRequired)
    .max(MAX_AI_IMAGE_PROMPT, AI_IMAGE_MESSAGES.promptTooLong),
  size: z.enum(AI_IMAGE_SIZES).default('1024x1024'),
});
export type AiImageInput = z.input<typeof aiImageInputSchema>;

/** What a generated file records: shown in the media detail and kept as the file's provenance. */
export const mediaGenerationSchema = z.object({
  prompt: z.string(),
  model: z.string(),
  provider: z.string(),
  size: z.string(),
});
export type MediaGeneration = z.infer<typeof mediaGenerationSchema>;

/** `GET /api/ai/images/status`: whether the control can generate, and what to set when it cannot. */
export const aiImageStatusSchema = z.object({
  isConfigured: z.boolean(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  message: z.string().nullable(),
});
export type AiImageStatus = z.infer<typeof aiImageStatusSchema>;
