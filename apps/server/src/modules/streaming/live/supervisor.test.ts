import { describe, expect, it } from 'vitest';
import type { ChildHandle } from './child';
import type { ProgressBlock } from './progress';
import { type Clock, OutputSupervisor } from './supervisor';

/** A clock the test moves by hand. */
class FakeClock implements Clock {
  private time = 0;
  private timers = new Map<number, { at: number; callback: () => void }>();
  private nextId = 1;
  now() {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number) {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.timers.delete(handle as number);
  }
  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = end;
  }
}

/** An ffmpeg stand-in: the test makes it report progress or exit. */
class FakeChild implements ChildHandle {
  pid = Math.floor(Math.random() * 100_000);
  signals: NodeJS.Signals[] = [];
  private progress: ((block: ProgressBlock) => void)[] = [];
  private exits: Parameters<ChildHandle['onExit']>[0][] = [];
  private done = false;
  constructor(private readonly exitOn: NodeJS.Signals[] = ['SIGINT', 'SIGKILL']) {}
  kill(signal: NodeJS.Signals) {
    if (this.done) return false;
    this.signals.push(signal);
    if (this.exitOn.includes(signal)) this.exit(255, '');
    return true;
  }
  onProgress(listener: (block: ProgressBlock) => void) {
    this.progress.push(listener);
  }
  onExit(listener: Parameters<ChildHandle['onExit']>[0]) {
    if (this.done) listener({ code: 0, signal: null, stderrTail: '' });
    else this.exits.push(listener);
  }
  emitProgress(outTimeUs: number, totalSize = outTimeUs / 2.6) {
    const block: ProgressBlock = {
      frame: Math.round(outTimeUs / 33_333),
      fps: 30,
      bitrateKbps: null,
      totalSizeBytes: Math.round(totalSize),
      outTimeUs,
      dropFrames: 0,
      dupFrames: 0,
      speed: 1,
      isEnd: false,
    };
    for (const listener of this.progress) listener(block);
  }
  exit(code: number, stderrTail: string) {
    if (this.done) return;
    this.done = true;
    for (const listener of this.exits) listener({ code, signal: null, stderrTail });
  }
}

function setup(exitOn?: NodeJS.Signals[]) {
  const clock = new FakeClock();
  const children: FakeChild[] = [];
  const supervisor = new OutputSupervisor(
    ['-i', 'in', 'out'],
    () => {
      const child = new FakeChild(exitOn);
      children.push(child);
      return child;
    },
    clock,
  );
  const last = () => children[children.length - 1] as FakeChild;
  return { clock, children, supervisor, last };
}

describe('output supervisor', () => {
  it('goes idle → connecting → live once media time moves, with health figures', () => {
    const { supervisor, last, clock } = setup();
    expect(supervisor.snapshot().state).toBe('idle');
    supervisor.start();
    expect(supervisor.snapshot().state).toBe('connecting');
    last().emitProgress(0);
    expect(supervisor.snapshot().state).toBe('connecting');
    last().emitProgress(1_000_000, 375_000);
    clock.advance(1_000);
    last().emitProgress(2_000_000, 750_000);
    const snapshot = supervisor.snapshot();
    expect(snapshot.state).toBe('live');
    expect(snapshot.health).toEqual({ bitrateKbps: 3000, fps: 30, droppedFrames: 0, uptimeSeconds: 1 });
  });

  it('retries with backoff 2, 4, 8 … 30 s after a live run fails, and counts reconnects', () => {
    const { supervisor, last, clock, children } = setup();
    supervisor.start();
    const delays: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      // Each run gets live for a while, then the platform drops it.
      last().emitProgress(1_000_000);
      clock.advance(6_000);
      last().emitProgress(7_000_000);
      if (round === 0) expect(supervisor.snapshot().state).toBe('live');
      last().exit(1, 'Connection reset by peer');
      const snapshot = supervisor.snapshot();
      expect(snapshot.state).toBe('retrying');
      expect(snapshot.reason).toBe('The platform closed the connection.');
      delays.push(snapshot.retryInSeconds ?? -1);
      clock.advance((snapshot.retryInSeconds ?? 0) * 1000);
      expect(supervisor.snapshot().state).toBe('connecting');
    }
    // A run that got live resets the backoff, so every retry here waits 2 s.
    expect(delays).toEqual([2, 2, 2, 2, 2, 2]);
    expect(children).toHaveLength(7);
    expect(supervisor.snapshot().reconnects).toBe(6);
  });

  it('backs off 2, 4, 8, 16, 30, 30 s while connections keep failing slowly', () => {
    const { supervisor, last, clock } = setup();
    supervisor.start();
    const delays: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      clock.advance(6_000); // slower than a "fast failure", never live (say, a timeout)
      last().exit(1, 'Operation timed out');
      delays.push(supervisor.snapshot().retryInSeconds ?? -1);
      clock.advance((supervisor.snapshot().retryInSeconds ?? 0) * 1000);
    }
    expect(delays).toEqual([2, 4, 8, 16, 30, 30]);
    expect(supervisor.snapshot().state).toBe('connecting');
  });

  it('gives up after three fast failures in a row (a bad key) with the reason', () => {
    const { supervisor, last, clock, children } = setup();
    supervisor.start();
    for (let i = 0; i < 3; i += 1) {
      clock.advance(300);
      last().exit(1, 'Server error: Authentication failed');
      if (i < 2) clock.advance((supervisor.snapshot().retryInSeconds ?? 0) * 1000);
    }
    const snapshot = supervisor.snapshot();
    expect(snapshot.state).toBe('failed');
    expect(snapshot.reason).toBe('The platform refused the stream key.');
    clock.advance(120_000);
    expect(children).toHaveLength(3);
  });

  it('restarts a stalled process: SIGINT when out_time stops for 10 s, SIGKILL 5 s later if needed', () => {
    const { supervisor, last, clock, children } = setup(['SIGKILL']);
    supervisor.start();
    last().emitProgress(1_000_000);
    expect(supervisor.snapshot().state).toBe('live');
    clock.advance(9_000);
    expect(last().signals).toEqual([]);
    clock.advance(1_500);
    expect(last().signals).toEqual(['SIGINT']);
    clock.advance(5_000);
    expect(children[0]?.signals).toEqual(['SIGINT', 'SIGKILL']);
    const snapshot = supervisor.snapshot();
    expect(snapshot.state).toBe('retrying');
    expect(snapshot.reason).toBe('No data for 10 s: restarting.');
    clock.advance(2_000);
    expect(children).toHaveLength(2);
  });

  it('stops for good: SIGINT, SIGKILL after 5 s, no retry afterwards', async () => {
    const { supervisor, last, clock, children } = setup(['SIGKILL']);
    supervisor.start();
    last().emitProgress(1_000_000);
    const stopped = supervisor.stop();
    expect(last().signals).toEqual(['SIGINT']);
    clock.advance(5_000);
    await stopped;
    expect(last().signals).toEqual(['SIGINT', 'SIGKILL']);
    expect(supervisor.snapshot().state).toBe('stopped');
    clock.advance(60_000);
    expect(children).toHaveLength(1);
  });

  it('stopping while waiting to retry cancels the retry', async () => {
    const { supervisor, last, clock, children } = setup();
    supervisor.start();
    clock.advance(6_000);
    last().exit(1, 'Connection refused');
    expect(supervisor.snapshot().state).toBe('retrying');
    await supervisor.stop();
    clock.advance(60_000);
    expect(children).toHaveLength(1);
    expect(supervisor.snapshot().state).toBe('stopped');
  });
});

describe('output supervisor preflight (the destination address, decision 0014)', () => {
  const refusal = "This address points inside the server's network (10.0.0.1).";

  function setupWithPreflight(answers: (string | null | Error)[]) {
    const clock = new FakeClock();
    const children: FakeChild[] = [];
    const checks: number[] = [];
    const supervisor = new OutputSupervisor(
      ['-i', 'in', 'out'],
      () => {
        const child = new FakeChild();
        children.push(child);
        return child;
      },
      clock,
      {},
      () => {},
      async () => {
        checks.push(clock.now());
        const answer = answers[Math.min(checks.length - 1, answers.length - 1)] ?? null;
        if (answer instanceof Error) throw answer;
        return answer;
      },
    );
    return { clock, children, checks, supervisor };
  }

  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('never spawns ffmpeg for a destination that resolves inside the network, and says why', async () => {
    const { supervisor, children, checks } = setupWithPreflight([refusal]);
    supervisor.start();
    await settle();
    expect(checks).toHaveLength(1);
    expect(children).toHaveLength(0);
    expect(supervisor.snapshot()).toMatchObject({ state: 'failed', reason: refusal, retryInSeconds: null });
  });

  it('checks again before every retry, and stops when the address has turned private', async () => {
    const { supervisor, children, checks, clock } = setupWithPreflight([null, refusal]);
    supervisor.start();
    await settle();
    expect(children).toHaveLength(1);
    expect(supervisor.snapshot().state).toBe('connecting');
    children[0]?.exit(1, 'Connection reset by peer');
    expect(supervisor.snapshot().state).toBe('retrying');
    clock.advance(2_000);
    await settle();
    expect(checks).toEqual([0, 2_000]);
    expect(children).toHaveLength(1);
    expect(supervisor.snapshot()).toMatchObject({ state: 'failed', reason: refusal });
  });

  it('retries a preflight that throws (the proxy is down), and gives up if it never went live', async () => {
    const proxyDown = new Error('The SOCKS5 proxy 192.0.2.1:1080 could not be reached (ECONNREFUSED).');
    const { supervisor, children, checks, clock } = setupWithPreflight([proxyDown]);
    supervisor.start();
    await settle();
    expect(supervisor.snapshot()).toMatchObject({ state: 'retrying', reason: proxyDown.message });
    clock.advance(2_000);
    await settle();
    clock.advance(4_000);
    await settle();
    expect(checks).toEqual([0, 2_000, 6_000]);
    expect(children).toHaveLength(0);
    expect(supervisor.snapshot()).toMatchObject({ state: 'failed', reason: proxyDown.message });
  });

  it('keeps retrying a destination that was live while its proxy is down', async () => {
    const proxyDown = new Error('Paused: the proxy is not working, nothing is sent without it.');
    const { supervisor, children, clock } = setupWithPreflight([null, proxyDown]);
    supervisor.start();
    await settle();
    children[0]?.emitProgress(2_000_000);
    expect(supervisor.snapshot().state).toBe('live');
    children[0]?.exit(1, 'Connection reset by peer');
    for (const wait of [2_000, 4_000, 8_000, 16_000]) {
      clock.advance(wait);
      await settle();
    }
    expect(supervisor.snapshot()).toMatchObject({ state: 'retrying', reason: proxyDown.message });
    expect(children).toHaveLength(1);
    await supervisor.stop();
  });

  it('starts nothing when stopped while the check is still running', async () => {
    const { supervisor, children } = setupWithPreflight([null]);
    supervisor.start();
    await supervisor.stop();
    await settle();
    expect(children).toHaveLength(0);
    expect(supervisor.snapshot().state).toBe('stopped');
  });
});
