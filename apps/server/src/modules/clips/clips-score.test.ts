import { cropPositionFor } from '@relaycast/shared/clips';
import { describe, expect, it } from 'vitest';
import { parseAudio, parseMotion, parseScenes } from './clips-analysis';
import { activityCentreOf, reasonOf, scoreClips, type VideoSignals } from './clips-score';

/** A 60 s video: -30 LUFS throughout, except the spans given. */
function signals(overrides: {
  loud?: [number, number];
  silent?: [number, number];
  cuts?: number[];
  duration?: number;
}): VideoSignals {
  const duration = overrides.duration ?? 60;
  const inside = (span: [number, number] | undefined, second: number) =>
    span !== undefined && second >= span[0] && second < span[1];
  const seconds = Array.from({ length: duration }, (_, second) => second);
  return {
    durationSeconds: duration,
    loudness: seconds.map((s) => (inside(overrides.loud, s) ? -10 : inside(overrides.silent, s) ? -70 : -30)),
    silence: seconds.map((s) => (inside(overrides.silent, s) ? 1 : 0)),
    scenes: seconds.map((s) => (overrides.cuts?.includes(s) ? 0.3 : 0.02)),
  };
}

describe('scoreClips', () => {
  it('puts the loud span in the top clip, with the loudness signal at 1 and no silence', () => {
    const [top] = scoreClips(signals({ loud: [20, 30], silent: [40, 50] }), 30);
    expect(top!.start).toBeLessThanOrEqual(20);
    expect(top!.end).toBeGreaterThanOrEqual(30);
    expect(top!.signals).toEqual({ loudness: 1, scenes: 0, silence: 0 });
    expect(top!.score).toBeCloseTo(0.55, 3);
    expect(top!.reason).toBe("Louder than usual (+7 dB above the video's median), no silence.");
  });

  it('counts scene changes above the threshold only, and penalises silence', () => {
    const clips = scoreClips(signals({ cuts: [5, 10, 45, 48], silent: [40, 55] }), 15);
    const [top] = clips;
    expect(top).toMatchObject({ start: 0, end: 15, signals: { scenes: 1, silence: 0 } });
    const silentOne = clips.find((clip) => clip.start <= 45 && clip.end > 48);
    expect(silentOne).toBeDefined();
    expect(silentOne!.signals.silence).toBeGreaterThan(0);
    expect(silentOne!.score).toBeLessThan(top!.score);
  });

  it('returns at most five clips that never overlap, best first', () => {
    const clips = scoreClips(signals({ cuts: [1, 3, 17, 21, 33, 40, 55] }), 15, 5);
    expect(clips.length).toBeLessThanOrEqual(5);
    for (let i = 0; i < clips.length; i++) {
      for (let j = i + 1; j < clips.length; j++) {
        expect(clips[i]!.score).toBeGreaterThanOrEqual(clips[j]!.score);
        expect(clips[i]!.start >= clips[j]!.end || clips[i]!.end <= clips[j]!.start).toBe(true);
      }
    }
  });

  it('suggests nothing in a flat video, and the whole video when it is shorter than a clip', () => {
    expect(scoreClips(signals({}), 30)).toEqual([]);
    const short = scoreClips(signals({ duration: 10, loud: [2, 4], cuts: [5] }), 30);
    expect(short).toHaveLength(1);
    expect(short[0]).toMatchObject({ start: 0, end: 10 });
  });

  it('writes the reason from the signals', () => {
    expect(reasonOf({ riseDb: 0, sceneCount: 1, silence: 0.5 })).toBe('1 scene change, 50% silent.');
  });
});

describe('the analysis output parsers', () => {
  it('reads scdet scores per second and ebur128 loudness and silence spans', () => {
    const video = [
      'frame:0    pts:0       pts_time:0',
      'lavfi.scd.score=0.000',
      'frame:5    pts:5       pts_time:1.2',
      'lavfi.scd.score=40.5',
      'frame:6    pts:6       pts_time:1.4',
      'lavfi.scd.score=3.1',
    ].join('\n');
    expect(parseScenes(video, 3)).toEqual([0, 0.405, 0]);
    const audio = [
      'frame:0 pts:0 pts_time:0',
      'lavfi.r128.M=-120.5',
      'frame:1 pts:4800 pts_time:0.5',
      'lavfi.r128.M=-20',
      'frame:2 pts:9600 pts_time:1.5',
      'lavfi.r128.M=-30',
      'lavfi.silence_start=1.5',
      'frame:3 pts:9600 pts_time:2.5',
      'lavfi.r128.M=-80',
    ].join('\n');
    const parsed = parseAudio(audio, 3);
    expect(parsed.loudness).toEqual([-45, -30, -70]);
    expect(parsed.silence).toEqual([0, 0.5, 1]);
  });
});

describe('loudness noise', () => {
  it('ignores seconds less than 1 LU above the median, so a tie goes to the earlier window', () => {
    const base = signals({ loud: [10, 16], cuts: [20], duration: 40 });
    // The quiet tone measures a little differently second by second.
    const noisy = { ...base, loudness: base.loudness.map((value, second) => value + (second % 3) * 0.02) };
    const [top] = scoreClips(noisy, 30);
    expect(top).toMatchObject({ start: 0, end: 30 });
  });
});

describe('where the activity is', () => {
  it('weighs each third at its middle, and is centred without movement or measurement', () => {
    const base = signals({ duration: 4 });
    expect(activityCentreOf(base, 0, 4)).toBe(0.5);
    const right = {
      ...base,
      motionThirds: [
        [0, 0, 0, 0],
        [1, 1, 1, 1],
        [3, 3, 3, 3],
      ] as const,
    };
    expect(activityCentreOf(right, 0, 4)).toBeCloseTo((1 / 2 + (3 * 5) / 6) / 4, 3);
    expect(activityCentreOf({ ...base, motionThirds: [[0], [0], [0]] }, 0, 4)).toBe(0.5);
    expect(
      parseMotion(
        'frame:1 pts:1 pts_time:0.2\nlavfi.signalstats.YAVG=4\nframe:2 pts:2 pts_time:0.4\nlavfi.signalstats.YAVG=6',
        2,
      ),
    ).toEqual([5, 0]);
  });

  it('turns the centre into the crop position of a 9:16 frame in a 16:9 picture', () => {
    // The frame is 0.316 of the width: centred on 0.5 it sits in the middle; at the edges it stops there.
    expect(cropPositionFor(0.5, 1920, 1080, [9, 16])).toBe(0.5);
    expect(cropPositionFor(0.8, 1920, 1080, [9, 16])).toBeCloseTo(0.939, 3);
    expect(cropPositionFor(0.05, 1920, 1080, [9, 16])).toBe(0);
    expect(cropPositionFor(0.8, 1920, 1080, [16, 9])).toBe(0.5);
  });
});
