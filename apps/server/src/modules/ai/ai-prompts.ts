import type { AiGenerateOptions, AiLanguage, AiLength, AiTone, AiTransform } from '@relaycast/shared/ai';
import { PLATFORMS, type PlatformId } from '@relaycast/shared/platforms';

/**
 * Every prompt the assistant sends, as templates. `{{name}}` is replaced by a value; the platform's rules come
 * from packages/shared PLATFORMS, the same rules the composer and the publisher check.
 */
export const PROMPT_TEMPLATES = {
  postSystem: [
    'You are a social media copywriter. Write one post for {{platformName}}.',
    'Rules for {{platformName}}: {{lengthRule}} {{countingRule}} {{mediaRule}}',
    'Aim for {{lengthGuide}}.',
    'Write in {{language}}, in a {{tone}} tone.',
    '{{hashtagRule}} {{emojiRule}} {{ctaRule}}',
    'Reply with the text of the post only: no title, no quotes, no explanation.',
  ].join('\n'),
  shortenSystem: [
    'Shorten this {{platformName}} post so that it has at most {{target}} characters ({{countingRule}}).',
    'Keep its language, meaning, tone, hashtags and call to action where they fit. End on a complete word.',
    'Reply with the shortened post only.',
  ].join('\n'),
  transformSystem: [
    'You edit social media posts. {{instruction}}',
    '{{platformRule}}',
    'Reply with the edited text only: no quotes, no explanation.',
  ].join('\n'),
  feedSystem: [
    'You write social media posts that share an item of a news feed (an article, a video, an episode).',
    'Rewrite the text below as one post for {{platformNames}}. {{lengthRule}}',
    '{{linkRule}}',
    'Write in the language of the text. Do not invent facts that are not in it.',
    '{{instruction}}',
    'Reply with the text of the post only: no title, no quotes, no explanation.',
  ].join('\n'),
  hashtagsSystem: [
    'Suggest 5 to 8 relevant hashtags for this social media post{{platformHint}}.',
    'Reply with the hashtags only, each starting with #, separated by spaces or new lines.',
  ].join('\n'),
  ideasSystem: [
    'You help a social media manager share an article. Propose exactly three different post ideas based on it.',
    'Write each idea as one or two sentences on its own line, starting with "1.", "2." and "3.".',
    'Each idea must mention the source: {{url}}',
  ].join('\n'),
  ideasUser: 'Article title: {{title}}\nArticle URL: {{url}}\n\nArticle text:\n{{text}}',
} as const;

export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return (
    template
      .replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
        const value = values[name];
        if (value === undefined) throw new Error(`prompt template value missing: ${name}`);
        return String(value);
      })
      // From the start of a run of blanks only: retried from each blank, a long run took quadratic time.
      .replace(/(?<![ \t])[ \t]+\n/g, '\n')
      .replace(/\n{2,}/g, '\n')
  );
}

const LENGTH_TARGETS: Record<AiLength, number> = { short: 200, medium: 500, long: 1200 };

const TONE_WORDS: Record<AiTone, string> = {
  professional: 'professional',
  friendly: 'friendly, warm',
  witty: 'witty, playful',
  bold: 'bold, confident',
};

function countingRule(platform: PlatformId): string {
  switch (PLATFORMS[platform].counting) {
    case 'x-weighted':
      return 'X counts every link as 23 characters and most emoji and CJK characters as 2.';
    case 'graphemes':
      return 'Every visible character (grapheme), emoji included, counts as one.';
    default:
      return 'Every character counts, spaces and emoji included.';
  }
}

export function platformRuleText(platform: PlatformId): string {
  const rules = PLATFORMS[platform];
  return `At most ${rules.maxLength} characters. ${countingRule(platform)}`;
}

/** The character count to aim for: the length asked for, within the platform's limit. */
export function lengthTarget(platform: PlatformId, length: AiLength): number {
  return Math.min(PLATFORMS[platform].maxLength, LENGTH_TARGETS[length]);
}

export function postPrompt(platform: PlatformId, prompt: string, options: AiGenerateOptions) {
  const rules = PLATFORMS[platform];
  const target = lengthTarget(platform, options.length);
  const system = fillTemplate(PROMPT_TEMPLATES.postSystem, {
    platformName: rules.name,
    lengthRule: `the post must have at most ${rules.maxLength} characters.`,
    countingRule: countingRule(platform),
    mediaRule: rules.allowsTextOnly
      ? ''
      : `Posts on ${rules.name} go with an image or a video: write the caption.`,
    lengthGuide: `about ${target} characters (${options.length})`,
    language: options.language,
    tone: TONE_WORDS[options.tone],
    hashtagRule: options.hashtags ? 'End with two to four relevant hashtags.' : 'Do not use hashtags.',
    emojiRule: options.emoji ? 'Use a few fitting emoji.' : 'Do not use emoji.',
    ctaRule: options.callToAction ? `End with this call to action: ${options.callToAction}` : '',
  });
  return { system, prompt };
}

export function shortenPrompt(platform: PlatformId, text: string) {
  // Ask for a little less than the limit: models overshoot character counts.
  const target = Math.floor(PLATFORMS[platform].maxLength * 0.9);
  return {
    system: fillTemplate(PROMPT_TEMPLATES.shortenSystem, {
      platformName: PLATFORMS[platform].name,
      target,
      countingRule: countingRule(platform),
    }),
    prompt: text,
  };
}

const TRANSFORM_INSTRUCTIONS: Record<AiTransform, string> = {
  shorten: 'Make this text noticeably shorter while keeping its meaning and language.',
  expand: 'Expand this text with one or two more sentences of useful detail, in the same language and tone.',
  rephrase: 'Rephrase this text with different wording, keeping its meaning, language and length.',
  'fix-grammar': 'Fix the spelling, grammar and punctuation of this text. Change nothing else.',
  translate: 'Translate this text into {{language}}. Keep hashtags, mentions and links as they are.',
  'change-tone': 'Rewrite this text in a {{tone}} tone, keeping its meaning and language.',
};

export function transformPrompt(
  action: AiTransform,
  text: string,
  extra: { language?: AiLanguage; tone?: AiTone; platform?: PlatformId },
) {
  const instruction = fillTemplate(TRANSFORM_INSTRUCTIONS[action], {
    language: extra.language ?? 'English',
    tone: TONE_WORDS[extra.tone ?? 'friendly'],
  });
  const platformRule = extra.platform
    ? `The text is for ${PLATFORMS[extra.platform].name}. ${platformRuleText(extra.platform)}`
    : '';
  return {
    system: fillTemplate(PROMPT_TEMPLATES.transformSystem, { instruction, platformRule }),
    prompt: text,
  };
}

export function hashtagsPrompt(text: string, platform?: PlatformId) {
  return {
    system: fillTemplate(PROMPT_TEMPLATES.hashtagsSystem, {
      platformHint: platform ? ` on ${PLATFORMS[platform].name}` : '',
    }),
    prompt: text,
  };
}

export function ideasPrompt(article: { url: string; title: string; text: string }) {
  return {
    system: fillTemplate(PROMPT_TEMPLATES.ideasSystem, { url: article.url }),
    prompt: fillTemplate(PROMPT_TEMPLATES.ideasUser, article),
  };
}

/**
 * A feed item's text rewritten as one post for all of the feed's platforms: the strictest platform's limit
 * applies, the item's link is kept, and the member's own instruction (if any) is added as written.
 */
export function feedRewritePrompt(
  platforms: readonly PlatformId[],
  text: string,
  extra: { link: string; instruction: string },
) {
  const strictest = strictestPlatform(platforms);
  return {
    system: fillTemplate(PROMPT_TEMPLATES.feedSystem, {
      platformNames: platforms.map((platform) => PLATFORMS[platform].name).join(', '),
      lengthRule: `The post must have at most ${Math.floor(PLATFORMS[strictest].maxLength * 0.9)} characters. ${countingRule(strictest)}`,
      linkRule: extra.link ? `Keep this link exactly as it is: ${extra.link}` : '',
      instruction: extra.instruction ? `The account's own instruction: ${extra.instruction}` : '',
    }),
    prompt: text,
  };
}

/** The platform with the smallest text limit among `platforms` (the one a shared text must fit). */
export function strictestPlatform(platforms: readonly PlatformId[]): PlatformId {
  return [...platforms].sort((a, b) => PLATFORMS[a].maxLength - PLATFORMS[b].maxLength)[0] ?? 'twitter';
}
