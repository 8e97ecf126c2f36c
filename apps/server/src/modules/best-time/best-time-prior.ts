import { HOURS_PER_WEEK } from '@relaycast/shared/analytics';
import type { PlatformId } from '@relaycast/shared/platforms';

/**
 * The per-platform prior of the best-time model: the expected normalized engagement (1 = the account's median
 * post) of each hour of the week, in the account's local time, before the account has any history.
 *
 * Published studies are weak and contradict each other (springsocial.co, smarterqueue.com), so the prior only
 * says "published windows are a little better than other daytime hours, nights are worse", and weighs as much
 * as PRIOR_PSEUDO_COUNT posts (docs/best-time.md):
 *  - Facebook: Mon 8–13, Tue 8–14, Wed 8–13, Thu 8–12; Sundays worst (Sprout Social 2023, 34k customers).
 *  - Instagram: Mon 10–12, Tue 9–13, Wed 10–13, Fri 9–11 (Sprout Social 2023); Thu 9, Wed 12, Wed 18 (Buffer 2026).
 *  - LinkedIn: Tue–Thu 7–9, 10–11, 12–13 and 17–18 (HubSpot via the LinkedIn blog 2016; Buffer).
 *  - X: weekdays 9–15 (Sprout, older report); Fri 9 (Hootsuite's own accounts).
 *  - TikTok: Sun 13 (Hootsuite's own accounts).
 *  - YouTube, Threads, Bluesky, Mastodon: no credible study found, so a flat daytime prior (08–22) [our guess].
 */

/** How many posts the prior weighs: a bucket with 5 posts of its own counts half its own data, half the prior. */
export const PRIOR_PSEUDO_COUNT = 5;
/** Inside a published window. */
export const PRIOR_WINDOW = 1.15;
/** Daytime (08:00–21:59) outside the published windows. */
export const PRIOR_DAYTIME = 1;
/** Night (22:00–07:59), and daytime on a day a study calls worst. */
export const PRIOR_NIGHT = 0.8;
const PRIOR_WORST_DAY = 0.9;
const DAY_START = 8;
const DAY_END = 22;

/** [day (0 = Monday … 6 = Sunday), first hour, end hour (exclusive)]. */
type Window = readonly [day: number, from: number, to: number];

const MON = 0;
const TUE = 1;
const WED = 2;
const THU = 3;
const FRI = 4;
const SUN = 6;
const WEEKDAYS = [MON, TUE, WED, THU, FRI];

const PUBLISHED_WINDOWS: Partial<Record<PlatformId, readonly Window[]>> = {
  facebook: [
    [MON, 8, 13],
    [TUE, 8, 14],
    [WED, 8, 13],
    [THU, 8, 12],
  ],
  instagram: [
    [MON, 9, 12],
    [TUE, 9, 13],
    [WED, 10, 13],
    [WED, 18, 19],
    [THU, 9, 10],
    [FRI, 9, 11],
  ],
  linkedin: [TUE, WED, THU].flatMap((day): Window[] => [
    [day, 7, 9],
    [day, 10, 11],
    [day, 12, 13],
    [day, 17, 18],
  ]),
  twitter: WEEKDAYS.map((day): Window => [day, 9, 15]),
  tiktok: [[SUN, 13, 14]],
};

const WORST_DAYS: Partial<Record<PlatformId, readonly number[]>> = { facebook: [SUN] };

const priorCache = new Map<PlatformId, Float64Array>();

/** The prior mean of each of the 168 hours of the week for a platform. */
export function platformPrior(platform: PlatformId): Float64Array {
  const cached = priorCache.get(platform);
  if (cached) return cached;
  const prior = new Float64Array(HOURS_PER_WEEK);
  const worst = WORST_DAYS[platform] ?? [];
  for (let hour = 0; hour < HOURS_PER_WEEK; hour++) {
    const day = Math.floor(hour / 24);
    const clock = hour % 24;
    const isDaytime = clock >= DAY_START && clock < DAY_END;
    prior[hour] =
      isDaytime && !worst.includes(day) ? PRIOR_DAYTIME : isDaytime ? PRIOR_WORST_DAY : PRIOR_NIGHT;
  }
  for (const [day, from, to] of PUBLISHED_WINDOWS[platform] ?? []) {
    for (let clock = from; clock < to; clock++) prior[day * 24 + clock] = PRIOR_WINDOW;
  }
  priorCache.set(platform, prior);
  return prior;
}

/** The platforms' priors averaged hour by hour (a post going to several accounts). */
export function combinedPrior(platforms: readonly PlatformId[]): Float64Array {
  const combined = new Float64Array(HOURS_PER_WEEK);
  if (platforms.length === 0) return combined.fill(PRIOR_DAYTIME);
  for (const platform of platforms) {
    const prior = platformPrior(platform);
    for (let hour = 0; hour < HOURS_PER_WEEK; hour++) combined[hour]! += prior[hour]! / platforms.length;
  }
  return combined;
}
