import { HOURS_PER_WEEK } from '@relaycast/shared/analytics';
import { firstFreeSlot, instantToZoned, zonedToInstant } from '@relaycast/shared/calendar';
import { describe, expect, it } from 'vitest';
import {
  type BestTimePost,
  bestTimeCells,
  buildBestTimeModel,
  createRng,
  hourOfWeek,
  nextBestSlot,
  normalDraw,
  planSlots,
  sampleScores,
} from './best-time-model';
import { platformPrior } from './best-time-prior';

const ZONE = 'Europe/Paris';
const HOURS = Array.from({ length: HOURS_PER_WEEK }, (_, hour) => hour);
const argmax = (values: ArrayLike<number>) => {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i]! > values[best]!) best = i;
  return best;
};

/** The true mean engagement of each hour: a base of 100, and a peak at `best` that fades over two hours. */
function truth(best: number, base = 100): number[] {
  return HOURS.map((hour) => {
    const distance = Math.min(Math.abs(hour - best), HOURS_PER_WEEK - Math.abs(hour - best));
    return base * (distance === 0 ? 2 : distance === 1 ? 1.4 : distance === 2 ? 1.15 : 1);
  });
}

/** The instant of an hour of the week in week `week` after Monday 2026-01-05, in ZONE. */
function instantOf(hour: number, week: number): Date {
  const day = 5 + week * 7 + Math.floor(hour / 24);
  const date = new Date(Date.UTC(2026, 0, day)).toISOString().slice(0, 10);
  return zonedToInstant(date, `${String(hour % 24).padStart(2, '0')}:00`, ZONE);
}

/** A noisy draw around the true mean (±30%), with a growing audience (size drift the model must cancel). */
function observe(means: number[], hour: number, week: number, rng: () => number): BestTimePost {
  const growth = 1 + week * 0.05;
  const noise = Math.max(0.1, 1 + 0.3 * normalDraw(rng));
  return { publishedAt: instantOf(hour, week), engagements48h: Math.round(means[hour]! * growth * noise) };
}

describe('the best-time model', () => {
  it('buckets instants by local hour of the week, Monday 00:00 first, across daylight saving', () => {
    expect(hourOfWeek(zonedToInstant('2026-01-05', '00:00', ZONE), ZONE)).toBe(0);
    expect(hourOfWeek(zonedToInstant('2026-01-11', '23:00', ZONE), ZONE)).toBe(167);
    // 2026-03-29 is the spring-forward Sunday in Paris; 2026-10-25 the fall-back one.
    for (const date of ['2026-03-27', '2026-03-30', '2026-10-23', '2026-10-26']) {
      expect(hourOfWeek(zonedToInstant(date, '10:00', ZONE), ZONE) % 24).toBe(10);
    }
    expect(hourOfWeek(new Date('2026-03-29T01:30:00Z'), ZONE)).toBe(6 * 24 + 3); // 03:30 local, after the jump
  });

  it('falls back to the platform prior when the account has no history', () => {
    const model = buildBestTimeModel({ timeZone: ZONE, histories: [{ platform: 'facebook', posts: [] }] });
    const prior = platformPrior('facebook');
    expect(Array.from(model.mean)).toEqual(Array.from(prior));
    const cells = bestTimeCells(model);
    expect(cells).toHaveLength(168);
    expect(cells.every((cell) => cell.confidence === 'none' && cell.posts === 0)).toBe(true);
    // The suggestions are the prior's windows (Mon 8–13 for Facebook), and the same on every call.
    const from = zonedToInstant('2026-01-05', '00:00', ZONE);
    const to = zonedToInstant('2026-01-06', '00:00', ZONE);
    const slots = planSlots(model, { from, to, seed: 'a' });
    expect(slots.map((slot) => instantToZoned(slot.at, ZONE).time)).toEqual(
      ['09:00', '12:00', '08:00'].sort(),
    );
    expect(slots.every((slot) => !slot.isExploration)).toBe(true);
    expect(planSlots(model, { from, to, seed: 'b' })).toEqual(slots);
  });

  it('finds the known best hour with enough data, and says how sure it is', () => {
    const best = 3 * 24 + 19; // Thursday 19:00, outside every Instagram prior window
    const means = truth(best);
    const rng = createRng('history');
    const posts: BestTimePost[] = [];
    for (let week = 0; week < 60; week++) {
      for (let i = 0; i < 35; i++) posts.push(observe(means, Math.floor(rng() * 168), week, rng));
    }
    const model = buildBestTimeModel({ timeZone: ZONE, histories: [{ platform: 'instagram', posts }] });
    expect(argmax(model.mean)).toBe(best);
    const cells = bestTimeCells(model);
    expect(cells.reduce((sum, cell) => sum + cell.posts, 0)).toBe(2100);
    for (const cell of cells) {
      const expected = cell.posts === 0 ? 'none' : cell.posts < 5 ? 'thin' : 'good';
      expect(cell.confidence).toBe(expected);
    }
    // The normalized score is relative to the account's median post: the best hour is about twice the median.
    expect(cells[best]!.score).toBeGreaterThan(1.25);
  });

  it('keeps the prior where an hour has a single post (shrinkage)', () => {
    const lone: BestTimePost[] = [
      ...Array.from({ length: 30 }, (_, i) => ({ publishedAt: instantOf(10, i), engagements48h: 100 })),
      { publishedAt: instantOf(40, 3), engagements48h: 500 },
    ];
    const model = buildBestTimeModel({ timeZone: ZONE, histories: [{ platform: 'bluesky', posts: lone }] });
    // One post at five times the median moves the hour, but far less than five times.
    expect(model.mean[40]!).toBeGreaterThan(1.2);
    expect(model.mean[40]!).toBeLessThan(2);
    expect(bestTimeCells(model)[40]).toMatchObject({ posts: 1, confidence: 'thin' });
  });

  it('has less regret than always posting at the prior best hour', () => {
    const best = 5 * 24 + 20; // Saturday 20:00: the published Instagram prior is wrong for this audience
    const means = truth(best);
    const prior = platformPrior('instagram');
    const priorBest = argmax(prior);
    const rng = createRng('world');
    const posts: BestTimePost[] = [];
    let modelRegret = 0;
    let priorRegret = 0;
    let lateRegret = 0;
    const rounds = 500;
    for (let round = 0; round < rounds; round++) {
      const model = buildBestTimeModel({ timeZone: ZONE, histories: [{ platform: 'instagram', posts }] });
      // Thompson sampling over the whole week, then post there and observe.
      const draw = sampleScores(model, createRng(`round-${round}`), HOURS);
      const chosen = posts.length === 0 ? argmax(model.mean) : argmax(draw);
      posts.push(observe(means, chosen, Math.floor(round / 10), rng));
      modelRegret += means[best]! - means[chosen]!;
      if (round >= rounds - 100) lateRegret += means[best]! - means[chosen]!;
      priorRegret += means[best]! - means[priorBest]!;
    }
    expect(priorRegret).toBe(rounds * 100);
    // Measured on this seed: 53% of the prior's regret overall, 39% over the last 100 posts (it keeps learning).
    expect(modelRegret).toBeLessThan(priorRegret * 0.6);
    expect(lateRegret).toBeLessThan(100 * 100 * 0.5);
  });

  it('plans three slots a day, caps exploration at 1 in 5, and skips the hour daylight saving removes', () => {
    const posts: BestTimePost[] = [];
    // History only at 02:00 and 10:00–11:00 every day: the other hours are untried.
    for (let week = 0; week < 8; week++) {
      for (let day = 0; day < 7; day++) {
        for (const clock of [2, 10, 11]) {
          posts.push({
            publishedAt: instantOf(day * 24 + clock, week),
            engagements48h: clock === 2 ? 300 : 100,
          });
        }
      }
    }
    const model = buildBestTimeModel({ timeZone: ZONE, histories: [{ platform: 'mastodon', posts }] });
    // The week of 2026-03-23 holds the spring-forward Sunday, when 02:00 does not exist in Paris.
    const from = zonedToInstant('2026-03-23', '00:00', ZONE);
    const to = zonedToInstant('2026-03-30', '00:00', ZONE);
    const slots = planSlots(model, { from, to, seed: 'acct-1' });
    expect(slots.length).toBeLessThanOrEqual(21);
    expect(slots.length).toBeGreaterThanOrEqual(20);
    expect(slots.filter((slot) => slot.isExploration).length).toBeLessThanOrEqual(Math.floor(21 / 5));
    for (const slot of slots) {
      expect(instantToZoned(slot.at, ZONE).time).toBe(`${String(slot.hourOfWeek % 24).padStart(2, '0')}:00`);
      expect(slot.isExploration).toBe(slot.posts === 0);
    }
    const sunday = slots.filter((slot) => instantToZoned(slot.at, ZONE).date === '2026-03-29');
    expect(sunday.map((slot) => slot.hourOfWeek % 24)).not.toContain(2);
    expect(new Set(slots.map((slot) => slot.at)).size).toBe(slots.length);
    // Deterministic: the same seed and week give the same plan, whatever the range asked.
    const wider = planSlots(model, { from: new Date(from.getTime() - 86_400_000 * 3), to, seed: 'acct-1' });
    expect(wider.filter((slot) => Date.parse(slot.at) >= from.getTime())).toEqual(slots);
  });

  it('takes the next best slot that no other post occupies', () => {
    const model = buildBestTimeModel({ timeZone: ZONE, histories: [{ platform: 'linkedin', posts: [] }] });
    const now = zonedToInstant('2026-01-06', '06:30', ZONE); // a Tuesday
    const first = nextBestSlot(model, { now, seed: 's', taken: [], horizonDays: 60 })!;
    expect(instantToZoned(first.at, ZONE)).toEqual({ date: '2026-01-06', time: '07:00' });
    const second = nextBestSlot(model, {
      now,
      seed: 's',
      taken: [new Date(Date.parse(first.at) + 20 * 60_000)],
      horizonDays: 60,
    })!;
    expect(instantToZoned(second.at, ZONE)).toEqual({ date: '2026-01-06', time: '12:00' });
    expect(nextBestSlot(model, { now, seed: 's', taken: [], horizonDays: 0 })).toBeNull();
  });

  it('builds a 5,000-post model quickly', () => {
    const rng = createRng('bench');
    const means = truth(50);
    const posts = Array.from({ length: 5000 }, (_, i) =>
      observe(means, Math.floor(rng() * 168), i % 100, rng),
    );
    buildBestTimeModel({ timeZone: ZONE, histories: [{ platform: 'twitter', posts }] });
    const started = Date.now();
    buildBestTimeModel({ timeZone: ZONE, histories: [{ platform: 'twitter', posts }] });
    // The budget is 20 ms (docs/best-time.md); a loaded test machine gets slack, the benchmark holds the real line.
    expect(Date.now() - started).toBeLessThan(200);
  });
});

describe('firstFreeSlot', () => {
  it('refuses a candidate with a post less than an hour either side', () => {
    const at = new Date('2026-01-05T09:00:00Z');
    const minutes = (n: number) => new Date(at.getTime() + n * 60_000);
    expect(firstFreeSlot([at], [minutes(59)])).toBeNull();
    expect(firstFreeSlot([at], [minutes(-59)])).toBeNull();
    expect(firstFreeSlot([at], [minutes(60), minutes(-60)])?.toISOString()).toBe(at.toISOString());
    expect(firstFreeSlot([at, minutes(120)], [at])?.toISOString()).toBe(minutes(120).toISOString());
  });
});
