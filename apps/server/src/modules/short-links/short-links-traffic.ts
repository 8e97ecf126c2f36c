/**
 * Who opened a short link, told from the request's headers alone (docs/short-links.md, "Clicks"): the
 * link-preview crawler's name (not a click: shown apart), the device class and the referring site. Nothing
 * here keeps an address or the whole User-Agent.
 */

import { isbot } from 'isbot';

/**
 * Link-preview crawlers, by a token of their User-Agent, and the name shown for each. "Instagram" and "Threads"
 * are not here: those words are in the User-Agent of people's in-app browsers.
 */
const PREVIEW_CRAWLERS: readonly (readonly [RegExp, string])[] = [
  // Before Twitterbot: Telegram's says "TelegramBot (like TwitterBot)".
  [/TelegramBot/i, 'TelegramBot'],
  [/Twitterbot/i, 'Twitterbot'],
  [/facebookexternalhit|Facebot|meta-externalagent/i, 'Facebook'],
  [/LinkedInBot/i, 'LinkedInBot'],
  [/Slackbot|Slack-ImgProxy/i, 'Slackbot'],
  [/Discordbot/i, 'Discordbot'],
  [/WhatsApp/i, 'WhatsApp'],
  [/redditbot/i, 'redditbot'],
  [/Applebot/i, 'Applebot'],
  [/Pinterestbot|Pinterest\//i, 'Pinterestbot'],
  [/Mastodon\//, 'Mastodon'],
  [/Cardyb/i, 'Bluesky'],
  [/SkypeUriPreview/i, 'Skype'],
  [/Embedly/i, 'Embedly'],
  [/vkShare/i, 'VK'],
  [/Google-PageRenderer|Googlebot/i, 'Google'],
  [/bingbot|BingPreview/i, 'Bing'],
];

/**
 * The crawler's name when the User-Agent is a link-preview crawler (named above, shown apart) or another bot
 * (`isbot`, the maintained pattern list of crawlers, spiders, HTTP libraries and headless browsers: counted
 * with the crawlers as "Other bots", never as people); '' for a person.
 */
export function crawlerOf(userAgent: string | undefined): string {
  if (!userAgent) return 'No user agent';
  return remembered(crawlers, userAgent, () => {
    for (const [pattern, name] of PREVIEW_CRAWLERS) if (pattern.test(userAgent)) return name;
    return isbot(userAgent) ? 'Other bots' : '';
  });
}

/**
 * What a User-Agent was found to be, by the string: most clicks come from a few browsers' strings, and isbot's
 * pattern is the costliest step of a redirect. Forgotten whole at MAX_REMEMBERED strings.
 */
const MAX_REMEMBERED = 2_000;
const crawlers = new Map<string, string>();
const devices = new Map<string, DeviceClass>();

function remembered<T>(map: Map<string, T>, userAgent: string, find: () => T): T {
  const known = map.get(userAgent);
  if (known !== undefined) return known;
  const found = find();
  if (map.size >= MAX_REMEMBERED) map.clear();
  map.set(userAgent, found);
  return found;
}

export type DeviceClass = 'desktop' | 'mobile' | 'tablet' | 'unknown';

export function deviceOf(userAgent: string | undefined): DeviceClass {
  if (!userAgent) return 'unknown';
  return remembered(devices, userAgent, () => deviceClassOf(userAgent));
}

function deviceClassOf(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent)) return 'tablet';
  if (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|IEMobile|Opera Mini/i.test(userAgent)) return 'mobile';
  if (/Windows NT|Macintosh|X11|Linux|CrOS/i.test(userAgent)) return 'desktop';
  return 'unknown';
}

/** The referring site's host name without `www.` ('' when there is none or it cannot be read). */
export function referrerOf(referer: string | undefined): string {
  if (!referer) return '';
  try {
    const url = new URL(referer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
    return url.hostname
      .toLowerCase()
      .replace(/^www\./, '')
      .slice(0, 100);
  } catch {
    return '';
  }
}

/** The start of the click's hour, the bucket its count goes into. */
export function hourOf(at: number): number {
  return at - (at % 3_600_000);
}
