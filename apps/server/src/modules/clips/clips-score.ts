import { MAX_CLIPS, type SuggestedClip } from '@relaycast/shared/clips';

/**
 * Scores the candidate clips of a video from its per-second signals (docs/decisions/0048-clip-highlights.md).
 * Pure: the analysis (clips-analysis.ts) measures, this decides. Every window of the clip's length, one second
 * apart, gets three signals from 0 to 1: loudness (how far above the video's median loudness it is, against the
 * loudest window), scenes (the scene-change strength it holds, against the busiest window) and silence (the
 * share of it that is silent). Score = (0.55 × loudness + 0.45 × scenes) × (1 − 0.8 × silence); the best
 * windows that do not overlap are the clips. With a transcript (docs/decisions/0050-clip-transcript.md) a fourth
 * signal, speech (the words a second spoken in the window, against the wordiest window), joins them:
 * Score = (0.4 × loudness + 0.25 × scenes + 0.35 × speech) × (1 − 0.8 × silence). Without one, nothing changes.
 */

export interface VideoSignals {
  durationSeconds: number;
  /** Momentary loudness (LUFS) per second; -70 or lower is nothing. Empty when the video has no sound. */
  loudness: readonly number[];
  /** The strongest scene-change score (0 to 1) in each second. */
  scenes: readonly number[];
  /** The silent share of each second (0 to 1). */
  silence: readonly number[];
  /** The movement (mean frame difference) per second in the left, middle and right thirds; absent: centred. */
  motionThirds?: readonly [readonly number[], readonly number[], readonly number[]];
  /** The words spoken in each second (clips-transcript.ts wordsPerSecond); absent without a transcript. */
  speech?: readonly number[];
}

/** The horizontal centre of the movement over seconds [start, end): each third weighs at its middle. */
export function activityCentreOf(signals: VideoSignals, start: number, end: number): number {
  const thirds = signals.motionThirds;
  if (!thirds) return 0.5;
  const totals = thirds.map((third) => {
    let sum = 0;
    for (let second = start; second < end; second++) sum += third[second] ?? 0;
    return sum;
  });
  const all = totals.reduce((sum, value) => sum + value, 0);
  if (all <= 0.001) return 0.5;
  const centre = ((totals[0] ?? 0) / 6 + (totals[1] ?? 0) / 2 + ((totals[2] ?? 0) * 5) / 6) / all;
  return round(centre);
}

/** A scene score under this is movement within a shot, not a cut (scdet's own default threshold is 10/100). */
export const SCENE_THRESHOLD = 0.1;
/** A second must be this much (LU) above the median to count as louder. */
const MIN_RISE = 1;
/** Loudness below this counts as no sound at all. */
const LOUDNESS_FLOOR = -70;
export const WEIGHTS = { loudness: 0.55, scenes: 0.45, silencePenalty: 0.8 } as const;
/** The weights when the video has a transcript. */
export const WEIGHTS_WITH_SPEECH = {
  loudness: 0.4,
  scenes: 0.25,
  speech: 0.35,
  silencePenalty: 0.8,
} as const;

function median(values: readonly number[]): number {
  if (values.length === 0) return LOUDNESS_FLOOR;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

interface Window {
  start: number;
  end: number;
  loudRaw: number;
  scenesRaw: number;
  sceneCount: number;
  silence: number;
  riseDb: number;
  speechRaw: number;
}

/** One line saying why: the signals that count, in words. */
export function reasonOf(clip: {
  riseDb: number;
  sceneCount: number;
  silence: number;
  speechRaw?: number;
}): string {
  const parts: string[] = [];
  if (clip.riseDb >= 1)
    parts.push(`louder than usual (+${Math.round(clip.riseDb)} dB above the video's median)`);
  if (clip.speechRaw && clip.speechRaw >= 0.05)
    parts.push(`speech (${clip.speechRaw.toFixed(1)} words a second)`);
  if (clip.sceneCount > 0) parts.push(`${clip.sceneCount} scene change${clip.sceneCount === 1 ? '' : 's'}`);
  parts.push(clip.silence < 0.05 ? 'no silence' : `${Math.round(clip.silence * 100)}% silent`);
  const text = parts.join(', ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The top `count` non-overlapping clips of `clipSeconds` (the whole video when it is shorter), best first. */
export function scoreClips(signals: VideoSignals, clipSeconds: number, count = MAX_CLIPS): SuggestedClip[] {
  const seconds = Math.max(1, Math.ceil(signals.durationSeconds));
  const length = Math.max(1, Math.min(Math.round(clipSeconds), seconds));
  const at = (list: readonly number[], index: number) => list[index] ?? 0;
  const heard = signals.loudness.map((value) => Math.max(LOUDNESS_FLOOR, value));
  // The median of the seconds with sound: a long silence must not make everything else "loud".
  const typical = median(
    heard.filter((value, index) => value > LOUDNESS_FLOOR && at(signals.silence, index) < 0.5),
  );
  const windows: Window[] = [];
  for (let start = 0; start + length <= seconds; start++) {
    let rise = 0;
    let scenes = 0;
    let sceneCount = 0;
    let silence = 0;
    let words = 0;
    for (let second = start; second < start + length; second++) {
      const loud = heard[second];
      // Under 1 LU above the median is the same level (a tone's measurement noise), not a louder part.
      if (loud !== undefined && loud > LOUDNESS_FLOOR && loud - typical >= MIN_RISE) rise += loud - typical;
      const scene = at(signals.scenes, second);
      if (scene >= SCENE_THRESHOLD) {
        scenes += scene;
        sceneCount++;
      }
      silence += Math.min(1, Math.max(0, at(signals.silence, second)));
      if (signals.speech) words += at(signals.speech, second);
    }
    windows.push({
      start,
      end: Math.min(start + length, signals.durationSeconds || start + length),
      loudRaw: rise / length,
      scenesRaw: scenes,
      sceneCount,
      silence: silence / length,
      riseDb: rise / length,
      speechRaw: words / length,
    });
  }
  const maxLoud = Math.max(0, ...windows.map((window) => window.loudRaw));
  const maxScenes = Math.max(0, ...windows.map((window) => window.scenesRaw));
  const maxSpeech = Math.max(0, ...windows.map((window) => window.speechRaw));
  const scored = windows.map((window) => {
    const loudness = maxLoud > 0 ? window.loudRaw / maxLoud : 0;
    const scenes = maxScenes > 0 ? window.scenesRaw / maxScenes : 0;
    const clipSignals = { loudness: round(loudness), scenes: round(scenes), silence: round(window.silence) };
    if (!signals.speech) {
      const score =
        (WEIGHTS.loudness * loudness + WEIGHTS.scenes * scenes) *
        (1 - WEIGHTS.silencePenalty * window.silence);
      return { window, score, signals: clipSignals };
    }
    const speech = maxSpeech > 0 ? window.speechRaw / maxSpeech : 0;
    const w = WEIGHTS_WITH_SPEECH;
    const score =
      (w.loudness * loudness + w.scenes * scenes + w.speech * speech) *
      (1 - w.silencePenalty * window.silence);
    return { window, score, signals: { ...clipSignals, speech: round(speech) } };
  });
  // Best first; on a tie the earlier window.
  scored.sort((a, b) => b.score - a.score || a.window.start - b.window.start);
  const chosen: typeof scored = [];
  for (const candidate of scored) {
    if (chosen.length >= count || candidate.score <= 0) break;
    const overlaps = chosen.some(
      ({ window }) => candidate.window.start < window.end && window.start < candidate.window.end,
    );
    if (!overlaps) chosen.push(candidate);
  }
  return chosen.map(({ window, score, signals: clipSignals }) => ({
    start: window.start,
    end: round(window.end),
    score: round(Math.min(1, Math.max(0, score))),
    signals: clipSignals,
    activityCentre: activityCentreOf(signals, window.start, Math.ceil(window.end)),
    reason: reasonOf(window),
  }));
}
