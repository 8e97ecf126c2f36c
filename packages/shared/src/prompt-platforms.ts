import { PLATFORM_IDS, type PlatformId } from './platforms';

/**
 * How people name each platform in a prompt ("a LinkedIn post about…", "three Instagram captions", "a tweet").
 * "X" counts only as a capital letter standing alone, and "Threads" only capitalised: "x" and "a thread" are
 * ordinary words in prompts.
 */
const NAMES: Record<PlatformId, RegExp> = {
  instagram: /\b(instagram|insta|ig)\b/i,
  twitter: /\b(twitter|tweets?|tweeted)\b/i,
  facebook: /\b(facebook|fb)\b/i,
  linkedin: /\blinked-?in\b/i,
  tiktok: /\btik-?tok\b/i,
  youtube: /\b(youtube|yt)\b/i,
  bluesky: /\b(bluesky|bsky|skeets?)\b/i,
  mastodon: /\b(mastodon|toots?|fediverse)\b/i,
  threads: /\bThreads\b/,
};

/**
 * The platforms a prompt names, in the usual platform order: the home page's AI prompt preselects them in the
 * assistant and the composer (docs/decisions/0026-rough-edges-layout.md). A prompt that names none gives an empty list.
 */
export function platformsNamedInPrompt(prompt: string): PlatformId[] {
  return PLATFORM_IDS.filter((platform) => matches(platform, prompt));
}

const STANDALONE_X = /(?<![\w-])X(?![\w-])/;

function matches(platform: PlatformId, prompt: string): boolean {
  // The standalone capital X is tested apart: with the /i flag a lowercase "x" would count.
  return NAMES[platform].test(prompt) || (platform === 'twitter' && STANDALONE_X.test(prompt));
}
