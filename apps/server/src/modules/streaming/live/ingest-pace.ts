import { type IngestPace, REAL_TIME } from '@relaycast/shared/streaming';

/**
 * Does the browser's stream keep up with real time? (docs/decisions/0079-studio-encoder-honesty-and-pdf-header.md)
 * A browser sends its video as it happens; the server's encoder turns it into what the platforms get. When the
 * encoder is slower than the video (1080p60 with x264 on a 2-core server), ffmpeg's `out_time` advances less
 * than a second per second, the chunks pile up on its stdin, and a 54 s stream delivers 29 s of video while every
 * frame rate looks fine. This meter compares `out_time` with the clock and reads that pile:
 * - speed: media seconds encoded per wall second over the last REAL_TIME.windowSeconds (ffmpeg's own `speed=` is
 *   an average since the start, which hides a recent fall and a recovery alike);
 * - behind: how much later than at its best moment the output runs now (wall − media time, against the smallest
 *   such gap seen, which absorbs ffmpeg's start-up);
 * - backlog: stdin bytes not yet read by ffmpeg, in seconds at the rate they arrive.
 */

export interface PaceClock {
  now(): number;
}

/**
 * ffmpeg reports once a second (`-stats_period 1`): progress older than this means the encoder has produced
 * nothing since (stopped, or starved), and the wall time beyond it counts against it.
 */
const STALE_MS = 1_500;
/** Less history than this gives no speed yet: one block is not a rate. */
const MIN_SPAN_MS = 2_000;
/** Video waiting at the server beyond this means the encoder, not the browser, is the slow one. */
const ENCODER_BACKLOG_SECONDS = 1;

interface Sample {
  at: number;
  mediaMs: number;
}

export class IngestPaceMeter {
  /** Progress samples of the window, plus the last one before it (the window's reference). */
  private samples: Sample[] = [];
  private inputs: { at: number; bytes: number }[] = [];
  /** The smallest wall − media gap seen: the encoder at its most caught up. */
  private bestGapMs: number | null = null;
  private slowSince: number | null = null;

  constructor(private readonly clock: PaceClock = { now: () => Date.now() }) {}

  /** A `-progress` block's `out_time` (microseconds). */
  progress(outTimeUs: number | null): void {
    if (outTimeUs === null || outTimeUs <= 0) return;
    const mediaMs = outTimeUs / 1000;
    const last = this.samples.at(-1);
    if (last && mediaMs <= last.mediaMs) return;
    const at = this.clock.now();
    this.samples.push({ at, mediaMs });
    const gap = at - mediaMs;
    this.bestGapMs = this.bestGapMs === null ? gap : Math.min(this.bestGapMs, gap);
    this.trim(at);
  }

  /** A chunk from the browser, as it arrives. */
  input(bytes: number): void {
    const at = this.clock.now();
    this.inputs.push({ at, bytes });
    this.trim(at);
  }

  /** The figures now, given the bytes still waiting on the encoder's stdin. Call about once a second. */
  figures(backlogBytes: number): IngestPace {
    const now = this.clock.now();
    this.trim(now);
    const speed = this.speedAt(now);
    const backlogSeconds = this.backlogSecondsOf(backlogBytes, now);
    const isSlow = speed !== null && speed < REAL_TIME.slowBelow;
    if (!isSlow) this.slowSince = null;
    else this.slowSince ??= now;
    const isSlowForLong = this.slowSince !== null && now - this.slowSince >= REAL_TIME.slowForSeconds * 1000;
    return {
      speed: speed === null ? null : Math.round(speed * 100) / 100,
      behindSeconds: Math.round(this.behindMsAt(now) / 100) / 10,
      backlogSeconds: Math.round(backlogSeconds * 10) / 10,
      fallingBehind: isSlowForLong ? (backlogSeconds >= ENCODER_BACKLOG_SECONDS ? 'encoder' : 'input') : null,
    };
  }

  private speedAt(now: number): number | null {
    const latest = this.samples.at(-1);
    const reference = this.samples[0];
    if (!latest || !reference) return null;
    // A stale latest block means nothing came out since: that wall time counts too.
    const end = Math.max(latest.at, now - STALE_MS);
    const span = end - reference.at;
    if (span < MIN_SPAN_MS) return null;
    return Math.max(0, (latest.mediaMs - reference.mediaMs) / span);
  }

  private behindMsAt(now: number): number {
    const latest = this.samples.at(-1);
    if (!latest || this.bestGapMs === null) return 0;
    const stalledFor = Math.max(0, now - latest.at - STALE_MS);
    return Math.max(0, latest.at - latest.mediaMs - this.bestGapMs + stalledFor);
  }

  private backlogSecondsOf(backlogBytes: number, now: number): number {
    if (backlogBytes <= 0) return 0;
    const [first, ...later] = this.inputs;
    if (!first) return 0;
    // The first chunk of the window stands for the time before it: the rate is what came after it.
    const span = (now - first.at) / 1000;
    const bytesPerSecond =
      span >= 1 ? later.reduce((sum, input) => sum + input.bytes, 0) / span : first.bytes;
    return bytesPerSecond > 0 ? backlogBytes / bytesPerSecond : 0;
  }

  /** Keeps the window, and one progress sample older than it as the speed's reference. */
  private trim(now: number): void {
    const windowStart = now - REAL_TIME.windowSeconds * 1000;
    while (this.samples.length > 1 && (this.samples[1]?.at ?? now) <= windowStart) this.samples.shift();
    while (this.inputs.length > 0 && (this.inputs[0]?.at ?? now) < windowStart) this.inputs.shift();
  }
}

/** What the server's log says, once, when a stream starts falling behind (for the self-hoster); else null. */
export function newlyBehindLogLine(before: IngestPace | null, now: IngestPace): string | null {
  if (!now.fallingBehind || before?.fallingBehind) return null;
  return now.fallingBehind === 'encoder'
    ? 'the stream encoder cannot keep up with real time: lower the resolution or frame rate'
    : 'the browser stream arrives slower than real time';
}
