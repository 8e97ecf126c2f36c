import {
  AI_MESSAGES,
  type AiGenerateOptions,
  type AiStreamEvent,
  type AiTransformInput,
  type AiVariant,
} from '@relaycast/shared/ai';
import { PLATFORMS, type PlatformId, textLengthFor } from '@relaycast/shared/platforms';
import type { LanguageModel } from 'ai';
import { AppError } from '../../lib/app-error';
import {
  feedRewritePrompt,
  hashtagsPrompt,
  ideasPrompt,
  postPrompt,
  shortenPrompt,
  strictestPlatform,
  transformPrompt,
} from './ai-prompts';

/** A provider request's model and the signal that ends it (deadline or the browser going away). */
export interface AiCall {
  model: LanguageModel;
  signal: AbortSignal;
}

export const TEMPERATURES = {
  generate: 0.7,
  shorten: 0.3,
  transform: 0.5,
  hashtags: 0.4,
  ideas: 0.8,
  feed: 0.6,
} as const;

/** Models like to wrap a post in quotes or start with "Here is…": keep the post itself. */
export function cleanModelText(text: string): string {
  let cleaned = text.trim();
  const quoted = /^(["“])([\s\S]*)(["”])$/.exec(cleaned);
  if (quoted?.[2] && !quoted[2].includes('"')) cleaned = quoted[2].trim();
  return cleaned;
}

async function complete(call: AiCall, request: { system: string; prompt: string }, temperature: number) {
  // Imported on first use, like the provider SDKs (ai-provider.ts).
  const { generateText } = await import('ai');
  const result = await generateText({
    model: call.model,
    system: request.system,
    prompt: request.prompt,
    temperature,
    maxRetries: 0,
    abortSignal: call.signal,
  });
  const text = cleanModelText(result.text);
  if (!text) throw new AppError('AI_PROVIDER_ERROR', { message: AI_MESSAGES.emptyAnswer });
  return text;
}

async function streamOne(
  call: AiCall,
  request: { system: string; prompt: string },
  onDelta: (text: string) => void,
): Promise<string> {
  const { streamText } = await import('ai');
  const result = streamText({
    model: call.model,
    system: request.system,
    prompt: request.prompt,
    temperature: TEMPERATURES.generate,
    maxRetries: 0,
    abortSignal: call.signal,
    // Errors arrive as `error` parts below and are mapped for the user; the default handler would log them.
    onError: () => {},
  });
  let text = '';
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') {
      text += part.text;
      onDelta(part.text);
    } else if (part.type === 'error') {
      throw part.error;
    } else if (part.type === 'abort') {
      throw call.signal.reason ?? new Error('aborted');
    }
  }
  return text;
}

/** Makes a variant fit: one shortening request when it is too long, and a warning if it still is. */
async function fitToPlatform(
  call: AiCall,
  platform: PlatformId,
  draft: string,
  emit: (event: AiStreamEvent) => void,
): Promise<AiVariant> {
  const maxLength = PLATFORMS[platform].maxLength;
  let text = cleanModelText(draft);
  if (!text) throw new AppError('AI_PROVIDER_ERROR', { message: AI_MESSAGES.emptyAnswer });
  let length = textLengthFor(platform, text);
  let wasShortened = false;
  if (length > maxLength) {
    emit({ type: 'shortening', platform });
    // Never cut the text ourselves (that would end mid-word or mid-sentence): ask the model once more.
    text = await complete(call, shortenPrompt(platform, text), TEMPERATURES.shorten);
    length = textLengthFor(platform, text);
    wasShortened = true;
  }
  const warning =
    length > maxLength ? AI_MESSAGES.stillTooLong(PLATFORMS[platform].name, length, maxLength) : null;
  return { platform, text, length, maxLength, wasShortened, warning };
}

/** One variant per platform, streamed as it is written, each checked against its platform's length rule. */
export async function generateVariants(
  call: AiCall,
  prompt: string,
  options: AiGenerateOptions,
  emit: (event: AiStreamEvent) => void,
): Promise<AiVariant[]> {
  const variants: AiVariant[] = [];
  for (const platform of options.platforms) {
    emit({ type: 'variant-start', platform });
    const draft = await streamOne(call, postPrompt(platform, prompt, options), (text) =>
      emit({ type: 'delta', platform, text }),
    );
    const variant = await fitToPlatform(call, platform, draft, emit);
    emit({ type: 'variant', variant });
    variants.push(variant);
  }
  return variants;
}

export async function transformText(call: AiCall, input: AiTransformInput): Promise<string> {
  return complete(
    call,
    transformPrompt(input.action, input.text, {
      language: input.language,
      tone: input.tone,
      platform: input.platform as PlatformId | undefined,
    }),
    TEMPERATURES.transform,
  );
}

export function parseHashtags(text: string): string[] {
  const found = text.match(/#[\p{L}\p{N}_]+/gu) ?? [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of found) {
    const key = tag.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      tags.push(tag);
    }
  }
  return tags.slice(0, 8);
}

export async function suggestHashtags(call: AiCall, text: string, platform?: PlatformId): Promise<string[]> {
  const answer = await complete(call, hashtagsPrompt(text, platform), TEMPERATURES.hashtags);
  const tags = parseHashtags(answer);
  if (tags.length === 0) throw new AppError('AI_PROVIDER_ERROR', { message: AI_MESSAGES.emptyAnswer });
  return tags;
}

/** The three numbered ideas of the answer; each one cites the article. */
export function parseIdeas(answer: string, url: string): string[] {
  const numbered = answer
    .split('\n')
    .map((line) => /^\s*\d[.)]\s*(.+)$/.exec(line)?.[1]?.trim())
    .filter((line): line is string => Boolean(line));
  const ideas = (
    numbered.length > 0
      ? numbered
      : answer
          .split(/\n+/)
          .map((line) => line.trim())
          .filter(Boolean)
  ).slice(0, 3);
  return ideas.map((idea) => (idea.includes(url) ? idea : `${idea} ${url}`));
}

export async function ideasFromArticle(
  call: AiCall,
  article: { url: string; title: string; text: string },
): Promise<string[]> {
  const answer = await complete(call, ideasPrompt(article), TEMPERATURES.ideas);
  return parseIdeas(answer, article.url);
}

/** The first of `platforms` whose limit `text` passes, or null when it fits them all. */
function platformOverLimit(platforms: readonly PlatformId[], text: string): PlatformId | null {
  return platforms.find((platform) => textLengthFor(platform, text) > PLATFORMS[platform].maxLength) ?? null;
}

/**
 * A feed item's text rewritten for the feed's platforms (docs/feeds.md, "AI rewrite"): one text for all of them,
 * shortened once if it is over a limit, the item's link added back if the model dropped it. Throws an AppError
 * when the answer still does not fit, so the caller keeps the template's text.
 */
export async function rewriteFeedItem(
  call: AiCall,
  input: { text: string; link: string; instruction: string; platforms: readonly PlatformId[] },
): Promise<string> {
  const prompt = feedRewritePrompt(input.platforms, input.text, input);
  let text = await complete(call, prompt, TEMPERATURES.feed);
  if (input.link && !text.includes(input.link)) text = `${text}\n\n${input.link}`;
  const over = platformOverLimit(input.platforms, text);
  if (over) {
    text = await complete(
      call,
      shortenPrompt(strictestPlatform(input.platforms), text),
      TEMPERATURES.shorten,
    );
    if (input.link && !text.includes(input.link)) text = `${text}\n\n${input.link}`;
  }
  const still = platformOverLimit(input.platforms, text);
  if (still) {
    const { name, maxLength } = PLATFORMS[still];
    throw new AppError('AI_PROVIDER_ERROR', {
      message: AI_MESSAGES.stillTooLong(name, textLengthFor(still, text), maxLength),
    });
  }
  return text;
}
