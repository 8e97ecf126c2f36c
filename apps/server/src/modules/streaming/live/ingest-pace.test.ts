import { describe, expect, it } from 'vitest';
import { IngestPaceMeter, newlyBehindLogLine } from './ingest-pace';

/** The real-time meter on a fake clock: one `-progress` block and one status tick per simulated second. */

function setup() {
  let now = 1_000_000;
  const meter = new IngestPaceMeter({ now: () => now });
  let media = 0;
  let backlog = 0;
  /** `seconds` of wall time, each encoding `speed` seconds of media; the browser sends 500 kB a second. */
  const run = (seconds: number, speed: number) => {
    let last = meter.figures(backlog);
    for (let i = 0; i < seconds; i += 1) {
      now += 1000;
      meter.input(500_000);
      media += speed;
      // What the encoder did not read waits on its stdin.
      backlog = Math.max(0, backlog + 500_000 * (1 - speed));
      if (speed > 0) meter.progress(media * 1_000_000);
      last = meter.figures(backlog);
    }
    return last;
  };
  return { meter, run, advance: (ms: number) => (now += ms) };
}

describe('IngestPaceMeter', () => {
  it('reads real time as x1, nothing behind, and says nothing', () => {
    const { run } = setup();
    // ffmpeg's start-up: the first second of media comes out two seconds late, and that is not "behind".
    const pace = run(20, 1);
    expect(pace).toEqual({ speed: 1, behindSeconds: 0, backlogSeconds: 0, fallingBehind: null });
  });

  it('has no speed before two seconds of progress', () => {
    const { run } = setup();
    expect(run(1, 1).speed).toBeNull();
    expect(run(2, 1).speed).toBe(1);
  });

  it('says the encoder cannot keep up once the speed stays under x0.95 for five seconds, with the backlog', () => {
    const { run } = setup();
    run(10, 1);
    // The 1080p60 case of the report: about x0.55.
    const early = run(4, 0.55);
    expect(early.fallingBehind).toBeNull();
    const later = run(6, 0.55);
    expect(later.speed).toBeCloseTo(0.55, 2);
    expect(later.fallingBehind).toBe('encoder');
    // Ten seconds at x0.55 lose 4.5 s of video, and it waits at the server.
    expect(later.behindSeconds).toBeCloseTo(4.5, 1);
    expect(later.backlogSeconds).toBeCloseTo(4.5, 1);
  });

  it('blames the input when the speed falls but nothing waits at the server', () => {
    const { meter, run } = setup();
    run(10, 1);
    let pace = run(8, 0.6);
    // Same fall, but the encoder had read everything: the video itself arrived late.
    pace = meter.figures(0);
    expect(pace.fallingBehind).toBe('input');
    expect(pace.backlogSeconds).toBe(0);
  });

  it('counts a stopped encoder as x0 and its stall as time behind', () => {
    const { run } = setup();
    run(10, 1);
    const stalled = run(7, 0);
    expect(stalled.speed).toBe(0);
    // Less the second and a half a report may take to come.
    expect(stalled.behindSeconds).toBeCloseTo(5.5, 1);
    expect(stalled.fallingBehind).toBe('encoder');
  });

  it('stops saying so when it keeps up again; the time lost stays in behind until caught up', () => {
    const { run } = setup();
    run(10, 1);
    run(10, 0.5);
    const recovered = run(6, 1);
    expect(recovered.fallingBehind).toBeNull();
    expect(recovered.speed).toBe(1);
    expect(recovered.behindSeconds).toBeCloseTo(5, 1);
    // A fast encoder catches up by reading its backlog faster than real time.
    const caughtUp = run(6, 1.9);
    expect(caughtUp.behindSeconds).toBe(0);
  });

  it('ignores a short dip', () => {
    const { run } = setup();
    run(10, 1);
    run(3, 0.5);
    expect(run(10, 1.05).fallingBehind).toBeNull();
  });

  it('logs a fall once, when it starts', () => {
    const ok = { speed: 1, behindSeconds: 0, backlogSeconds: 0, fallingBehind: null };
    const slow = { speed: 0.5, behindSeconds: 6, backlogSeconds: 5, fallingBehind: 'encoder' as const };
    expect(newlyBehindLogLine(ok, slow)).toMatch(/encoder cannot keep up/);
    expect(newlyBehindLogLine(slow, slow)).toBeNull();
    expect(newlyBehindLogLine(slow, ok)).toBeNull();
  });
});
