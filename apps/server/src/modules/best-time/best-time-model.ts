/*
 * Over 300 lines on purpose: the best-time model is one chain (normalize, bucket, smooth, shrink, sample,
 * plan) whose steps share the same arrays and constants; the prior is its own file (best-time-prior.ts).
 */
import { tzOffset } from '@date-fns/tz';
import { type BestTimeCell, type BestTimeConfidence, HOURS_PER_WEEK } from '@relaycast/shared/analytics';
import { DEFAULT_QUEUE_SLOTS, firstFreeSlot, instantToZoned } from '@relaycast/shared/calendar';
import type { PlatformId } from '@relaycast/shared/platforms';
import { combinedPrior, PRIOR_PSEUDO_COUNT } from './best-time-prior';

/**
 * The best time to post (docs/best-time.md). Pure and deterministic given the seed:
 *  1. each post's engagement in its first 48 h (per view when every post has views) is divided by the median of
 *     the account's posts of the same 28-day period, so audience size and drift cancel (Preppr's 554k-post study;
 *     Rycroft's per-account scores); a viral outlier is capped at SCORE_CAP;
 *  2. bucketed by hour of the week in the account's time zone (0 = Monday 00:00 local);
 *  3. smoothed circularly: each bucket also counts its two neighbours at NEIGHBOUR_WEIGHT;
 *  4. shrunk toward the platform's prior (best-time-prior.ts) as a normal-normal model whose prior weighs
 *     PRIOR_PSEUDO_COUNT posts: mean = (n0·prior + Σscores) / (n0 + n), variance = σ² / (n0 + n);
 *  5. suggestions by Thompson sampling (Chapelle & Li 2011; Scott 2014): one posterior draw per local day,
 *     seeded by the day, so the queue, the composer and the calendar agree; the day's SLOTS_PER_DAY best hours
 *     of the draw are its slots; at most 1 in 5 of a week's slots go to an hour without any post (exploration).
 */

export const SLOTS_PER_DAY = DEFAULT_QUEUE_SLOTS.length;
/** At most this share of suggestions comes from hours the account has never posted at. */
export const MAX_EXPLORATION_SHARE = 1 / 5;
export const NEIGHBOUR_WEIGHT = 0.5;
/** Posts in an hour from which its confidence is "good"; 1 to GOOD-1 is "thin", 0 is "none". */
export const GOOD_CONFIDENCE_POSTS = 5;
export const SCORE_CAP = 5;
const PERIOD_MS = 28 * 24 * 3_600_000;
const MIN_PERIOD_POSTS = 5;
const DEFAULT_VARIANCE = 0.5;
const HOUR_MS = 3_600_000;
const PREFERRED_HOURS = new Set(DEFAULT_QUEUE_SLOTS.map((slot) => Number(slot.slice(0, 2))));

export interface BestTimePost {
  publishedAt: Date | string;
  /** Interactions counted in the first 48 h. */
  engagements48h: number;
  views?: number | null;
}

export interface BestTimeHistory {
  platform: PlatformId;
  posts: readonly BestTimePost[];
}

export interface BestTimeModel {
  timeZone: string;
  /** Posterior mean and standard deviation of each hour of the week. */
  mean: Float64Array;
  sd: Float64Array;
  /** Posts published in each hour of the week (not smoothed). */
  posts: Int32Array;
  totalPosts: number;
}

export interface SuggestedSlot {
  /** ISO instant of the slot (a full hour, local time). */
  at: string;
  hourOfWeek: number;
  score: number;
  posts: number;
  confidence: BestTimeConfidence;
  /** Drawn from an hour the account has never posted at (counted against the exploration cap). */
  isExploration: boolean;
}

/** Confidence of an hour from the number of posts behind it. */
export function confidenceOf(posts: number): BestTimeConfidence {
  if (posts <= 0) return 'none';
  return posts < GOOD_CONFIDENCE_POSTS ? 'thin' : 'good';
}

/**
 * The zone's UTC offset (minutes) at an instant. Intl is slow (30–90 µs a call), so offsets are memoized per zone
 * and UTC week for the life of the process: a week whose two ends share an offset has no daylight-saving change
 * inside it; the rare week that has one is read per hour.
 */
const WEEK_MS = 7 * 24 * HOUR_MS;
const MAX_MEMO_ENTRIES = 200_000;
const weekOffsets = new Map<string, Map<number, number | null>>();
const hourOffsets = new Map<string, Map<number, number>>();
let memoEntries = 0;

function memoFor<V>(memo: Map<string, Map<number, V>>, timeZone: string): Map<number, V> {
  let map = memo.get(timeZone);
  if (!map) {
    map = new Map();
    memo.set(timeZone, map);
  }
  return map;
}

export function zoneOffsetAt(timeZone: string, ms: number): number {
  if (memoEntries > MAX_MEMO_ENTRIES) {
    weekOffsets.clear();
    hourOffsets.clear();
    memoEntries = 0;
  }
  const weeks = memoFor(weekOffsets, timeZone);
  const key = Math.floor(ms / WEEK_MS);
  let offset = weeks.get(key);
  if (offset === undefined) {
    const start = tzOffset(timeZone, new Date(key * WEEK_MS));
    offset = start === tzOffset(timeZone, new Date((key + 1) * WEEK_MS - 1)) ? start : null;
    weeks.set(key, offset);
    memoEntries += 1;
  }
  if (offset !== null) return offset;
  const hours = memoFor(hourOffsets, timeZone);
  const hour = Math.floor(ms / HOUR_MS);
  let exact = hours.get(hour);
  if (exact === undefined) {
    exact = tzOffset(timeZone, new Date(hour * HOUR_MS));
    hours.set(hour, exact);
    memoEntries += 1;
  }
  return exact;
}

/** The instant of a full local hour on a local date, or null when daylight saving skips that hour. */
function localHourInstant(date: string, hour: number, timeZone: string): number | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const local = Date.UTC(y, m - 1, d, hour);
  const guess = zoneOffsetAt(timeZone, local);
  const offset = zoneOffsetAt(timeZone, local - guess * 60_000);
  const instant = local - offset * 60_000;
  return zoneOffsetAt(timeZone, instant) === offset ? instant : null;
}

function hourOfWeekAt(ms: number, offsetMinutes: number): number {
  const local = ms + offsetMinutes * 60_000;
  const dayIndex = Math.floor(local / 86_400_000);
  // 1970-01-01 was a Thursday: day 3 of a week starting on Monday.
  const weekday = (((dayIndex + 3) % 7) + 7) % 7;
  const hour = Math.floor((local - dayIndex * 86_400_000) / HOUR_MS);
  return weekday * 24 + hour;
}

/** The hour of the week (0 = Monday 00:00) of an instant in a time zone. */
export function hourOfWeek(instant: Date | string, timeZone: string): number {
  const ms = new Date(instant).getTime();
  return hourOfWeekAt(ms, tzOffset(timeZone, new Date(ms)));
}

function medianOf(values: number[]): number {
  if (values.length === 0) return 0;
  values.sort((a, b) => a - b);
  const middle = values.length >> 1;
  return values.length % 2 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2;
}

/** Each post's engagement divided by its account's median of the same period, with its timestamp. */
function normalizedScores(posts: readonly BestTimePost[]): { ms: Float64Array; scores: Float64Array } {
  const count = posts.length;
  const ms = new Float64Array(count);
  const values = new Float64Array(count);
  const perView = count > 0 && posts.every((post) => (post.views ?? 0) > 0);
  const smoothing = perView ? 1e-4 : 1;
  const byPeriod = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const post = posts[i]!;
    ms[i] = post.publishedAt instanceof Date ? post.publishedAt.getTime() : Date.parse(post.publishedAt);
    values[i] = perView ? post.engagements48h / (post.views as number) : post.engagements48h;
    const period = Math.floor(ms[i]! / PERIOD_MS);
    const list = byPeriod.get(period);
    if (list) list.push(values[i]!);
    else byPeriod.set(period, [values[i]!]);
  }
  const overall = medianOf(Array.from(values));
  const medians = new Map<number, number>();
  for (const [period, list] of byPeriod) {
    medians.set(period, list.length >= MIN_PERIOD_POSTS ? medianOf(list) : overall);
  }
  const scores = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const reference = medians.get(Math.floor(ms[i]! / PERIOD_MS)) ?? overall;
    scores[i] = Math.min(SCORE_CAP, (values[i]! + smoothing) / (reference + smoothing));
  }
  return { ms, scores };
}

/** The posterior of each hour of the week for one or more accounts (several accounts share one post). */
export function buildBestTimeModel(input: {
  timeZone: string;
  histories: readonly BestTimeHistory[];
}): BestTimeModel {
  const { timeZone, histories } = input;
  const prior = combinedPrior(histories.map((history) => history.platform));
  const sums = new Float64Array(HOURS_PER_WEEK);
  const posts = new Int32Array(HOURS_PER_WEEK);
  let total = 0;
  let sumAll = 0;
  let sumSquares = 0;
  for (const history of histories) {
    const { ms, scores } = normalizedScores(history.posts);
    for (let i = 0; i < scores.length; i++) {
      const time = ms[i]!;
      if (!Number.isFinite(time) || !Number.isFinite(scores[i]!)) continue;
      const bucket = hourOfWeekAt(time, zoneOffsetAt(timeZone, time));
      sums[bucket]! += scores[i]!;
      posts[bucket]! += 1;
      total += 1;
      sumAll += scores[i]!;
      sumSquares += scores[i]! * scores[i]!;
    }
  }
  const variance =
    total >= 2
      ? Math.min(2, Math.max(0.05, (sumSquares - (sumAll * sumAll) / total) / (total - 1)))
      : DEFAULT_VARIANCE;
  const mean = new Float64Array(HOURS_PER_WEEK);
  const sd = new Float64Array(HOURS_PER_WEEK);
  for (let hour = 0; hour < HOURS_PER_WEEK; hour++) {
    const before = (hour + HOURS_PER_WEEK - 1) % HOURS_PER_WEEK;
    const after = (hour + 1) % HOURS_PER_WEEK;
    const sum = sums[hour]! + NEIGHBOUR_WEIGHT * (sums[before]! + sums[after]!);
    const n = posts[hour]! + NEIGHBOUR_WEIGHT * (posts[before]! + posts[after]!);
    mean[hour] = (PRIOR_PSEUDO_COUNT * prior[hour]! + sum) / (PRIOR_PSEUDO_COUNT + n);
    sd[hour] = Math.sqrt(variance / (PRIOR_PSEUDO_COUNT + n));
  }
  return { timeZone, mean, sd, posts, totalPosts: total };
}

/** The 168 cells the heatmap shows. */
export function bestTimeCells(model: BestTimeModel): BestTimeCell[] {
  return Array.from({ length: HOURS_PER_WEEK }, (_, hour) => ({
    hourOfWeek: hour,
    score: Math.round(model.mean[hour]! * 1000) / 1000,
    posts: model.posts[hour]!,
    confidence: confidenceOf(model.posts[hour]!),
  }));
}

/** A seeded random number generator (mulberry32 over an FNV-1a hash of the seed): uniform in [0, 1). */
export function createRng(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A standard normal draw (Box-Muller). */
export function normalDraw(rng: () => number): number {
  const u = 1 - rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

/** One Thompson draw of the given hours from the posterior; an account without history keeps the prior means. */
export function sampleScores(model: BestTimeModel, rng: () => number, hours: readonly number[]): number[] {
  return hours.map((hour) =>
    model.totalPosts > 0 ? model.mean[hour]! + model.sd[hour]! * normalDraw(rng) : model.mean[hour]!,
  );
}

/** A calendar date plus whole days, without Intl (date-fns' format is slow in a loop). */
function plusDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Monday (YYYY-MM-DD) of the local week containing a local date. */
function mondayOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return plusDays(date, -weekday);
}

/** The slots of one local week: each day's best hours of its own draw, with the exploration capped. */
function planWeek(model: BestTimeModel, monday: string, seed: string, perDay: number): SuggestedSlot[] {
  const slots: SuggestedSlot[] = [];
  let explored = 0;
  for (let day = 0; day < 7; day++) {
    const date = plusDays(monday, day);
    const hours = Array.from({ length: 24 }, (_, clock) => day * 24 + clock);
    const draw = sampleScores(model, createRng(`${seed}:${date}`), hours);
    const ranked = hours
      .map((hour, index) => ({ hour, value: draw[index]! }))
      .sort(
        (a, b) =>
          b.value - a.value ||
          Number(PREFERRED_HOURS.has(b.hour % 24)) - Number(PREFERRED_HOURS.has(a.hour % 24)) ||
          a.hour - b.hour,
      );
    const picked: SuggestedSlot[] = [];
    for (const { hour } of ranked) {
      if (picked.length === perDay) break;
      const isExploration = model.totalPosts > 0 && model.posts[hour] === 0;
      const picks = slots.length + picked.length + 1;
      if (isExploration && explored + 1 > Math.floor(picks * MAX_EXPLORATION_SHARE)) continue;
      const at = localHourInstant(date, hour % 24, model.timeZone);
      // A local hour that daylight saving skips does not exist: no slot there.
      if (at === null) continue;
      if (isExploration) explored += 1;
      picked.push({
        at: new Date(at).toISOString(),
        hourOfWeek: hour,
        score: Math.round(model.mean[hour]! * 1000) / 1000,
        posts: model.posts[hour]!,
        confidence: confidenceOf(model.posts[hour]!),
        isExploration,
      });
    }
    slots.push(...picked.sort((a, b) => a.hourOfWeek - b.hourOfWeek));
  }
  return slots;
}

/**
 * The suggested slots in [from, to), in time order. A week is always planned whole, so the same week gives the
 * same slots whatever range is asked (the calendar, the composer and the queue agree).
 */
export function planSlots(
  model: BestTimeModel,
  options: { from: Date; to: Date; seed: string; perDay?: number },
): SuggestedSlot[] {
  const perDay = options.perDay ?? SLOTS_PER_DAY;
  const lastDate = instantToZoned(options.to, model.timeZone).date;
  const slots: SuggestedSlot[] = [];
  for (
    let monday = mondayOf(instantToZoned(options.from, model.timeZone).date);
    monday <= lastDate;
    monday = plusDays(monday, 7)
  ) {
    for (const slot of planWeek(model, monday, options.seed, perDay)) {
      const ms = Date.parse(slot.at);
      if (ms >= options.from.getTime() && ms < options.to.getTime()) slots.push(slot);
    }
  }
  return slots;
}

/** The first suggested slot after `now` whose hour no other post occupies, within `horizonDays`; null when all are. */
export function nextBestSlot(
  model: BestTimeModel,
  options: { now: Date; seed: string; taken: readonly (Date | string)[]; horizonDays: number },
): SuggestedSlot | null {
  const { now, seed, taken, horizonDays } = options;
  const slots = planSlots(model, {
    from: new Date(now.getTime() + 1),
    to: new Date(now.getTime() + horizonDays * 24 * HOUR_MS),
    seed,
  });
  const free = firstFreeSlot(
    slots.map((slot) => slot.at),
    taken,
  );
  return free ? (slots.find((slot) => slot.at === free.toISOString()) ?? null) : null;
}
