import type { DestinationState, StreamHealth } from '@relaycast/shared/streaming';
import { type ChildHandle, failureReasonOf, type Spawner } from './child';
import { HealthMeter } from './progress';

/** Timers the supervisor uses; tests pass a fake clock. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    timer.unref?.();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface SupervisorOptions {
  /** Delays between attempts; the last one repeats. */
  backoffSeconds: number[];
  /** A run that ends within this time without media flowing counts as a fast failure (a bad key, say). */
  fastFailureMs: number;
  /** Give up after this many fast failures in a row. */
  maxFastFailures: number;
  /** No `out_time` progress for this long while connecting or live: the process is stuck, restart it. */
  stallMs: number;
  /** SIGINT, then SIGKILL after this long. */
  killGraceMs: number;
}

export const DEFAULT_SUPERVISOR_OPTIONS: SupervisorOptions = {
  backoffSeconds: [2, 4, 8, 16, 30],
  fastFailureMs: 5_000,
  maxFastFailures: 3,
  stallMs: 10_000,
  killGraceMs: 5_000,
};

/**
 * Runs right before every spawn and retry: a reason to refuse (the destination now resolves inside the
 * server's network, decision 0014) fails the output with that reason instead of starting ffmpeg. A thrown
 * error (the account's proxy is down, decision 0099) is a failed attempt with the error's message: retried,
 * and counted as a fast failure while the output has not gone live.
 */
export type Preflight = () => Promise<string | null>;

export interface SupervisorSnapshot {
  state: DestinationState;
  reason: string | null;
  retryInSeconds: number | null;
  reconnects: number;
  health: StreamHealth | null;
}

/**
 * Keeps one ffmpeg output running: idle → connecting → live → retrying (backoff 2, 4, 8 … 30 s) → failed
 * after a few fast failures in a row; stopped after stop(). A stall watchdog restarts a process whose media
 * time stops moving. Each destination has its own, so one failing platform never touches the others.
 */
export class OutputSupervisor {
  private state: DestinationState = 'idle';
  private reason: string | null = null;
  private child: ChildHandle | null = null;
  private attempt = 0;
  private fastFailures = 0;
  private reconnects = 0;
  private runStartedAt = 0;
  private liveSince: number | null = null;
  private wentLive = false;
  private stalled = false;
  private lastOutTimeUs = -1;
  private lastMovedAt = 0;
  private retryAt: number | null = null;
  private retryTimer: unknown = null;
  private watchdogTimer: unknown = null;
  private stallKill: unknown = null;
  private meter = new HealthMeter();
  private health: StreamHealth | null = null;
  private stopping: Promise<void> | null = null;
  private readonly options: SupervisorOptions;

  constructor(
    /** ffmpeg's arguments, or a function read at each spawn (the preflight may change the route). */
    private readonly args: string[] | (() => string[]),
    private readonly spawn: Spawner,
    private readonly clock: Clock = systemClock,
    options: Partial<SupervisorOptions> = {},
    private readonly onChange: (snapshot: SupervisorSnapshot) => void = () => {},
    private readonly preflight?: Preflight,
  ) {
    this.options = { ...DEFAULT_SUPERVISOR_OPTIONS, ...options };
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  snapshot(): SupervisorSnapshot {
    const now = this.clock.now();
    return {
      state: this.state,
      reason: this.reason,
      retryInSeconds:
        this.state === 'retrying' && this.retryAt !== null
          ? Math.max(0, Math.ceil((this.retryAt - now) / 1000))
          : null,
      reconnects: this.reconnects,
      health:
        this.health && this.state === 'live' && this.liveSince !== null
          ? { ...this.health, uptimeSeconds: Math.round((now - this.liveSince) / 100) / 10 }
          : null,
    };
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.launch();
  }

  /** Ends the output for good: SIGINT, SIGKILL after the grace period. Resolves once the process is gone. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.clearTimers();
      const child = this.child;
      const previous = this.state;
      this.state = previous === 'failed' ? 'failed' : 'stopped';
      if (child) {
        await new Promise<void>((resolve) => {
          let killTimer: unknown = null;
          child.onExit(() => {
            if (killTimer !== null) this.clock.clearTimeout(killTimer);
            resolve();
          });
          if (!child.kill('SIGINT')) return;
          killTimer = this.clock.setTimeout(() => child.kill('SIGKILL'), this.options.killGraceMs);
        });
      }
      this.child = null;
      this.emit();
    })();
    return this.stopping;
  }

  private emit() {
    this.onChange(this.snapshot());
  }

  private clearTimers() {
    for (const timer of [this.retryTimer, this.watchdogTimer, this.stallKill]) {
      if (timer !== null) this.clock.clearTimeout(timer);
    }
    this.retryTimer = null;
    this.watchdogTimer = null;
    this.stallKill = null;
  }

  private launch() {
    if (!this.preflight) {
      this.spawnChild();
      return;
    }
    this.state = 'connecting';
    this.retryAt = null;
    this.runStartedAt = this.clock.now();
    this.emit();
    this.preflight().then(
      (refusal) => {
        if (this.stopping) return;
        if (refusal === null) {
          this.spawnChild();
          return;
        }
        this.state = 'failed';
        this.reason = refusal;
        this.emit();
      },
      (error: unknown) => {
        if (!this.stopping) this.handleFailure(error instanceof Error ? error.message : String(error));
      },
    );
  }

  private spawnChild() {
    this.state = 'connecting';
    this.retryAt = null;
    this.runStartedAt = this.clock.now();
    this.lastMovedAt = this.runStartedAt;
    this.lastOutTimeUs = -1;
    this.wentLive = false;
    this.stalled = false;
    this.meter = new HealthMeter();
    this.health = null;
    const child = this.spawn(typeof this.args === 'function' ? this.args() : this.args);
    this.child = child;
    child.onProgress((block) => {
      if (this.child !== child || this.stopping) return;
      if (block.outTimeUs !== null && block.outTimeUs > this.lastOutTimeUs) {
        const moved = this.lastOutTimeUs >= 0 || block.outTimeUs > 0;
        this.lastOutTimeUs = block.outTimeUs;
        if (moved) {
          this.lastMovedAt = this.clock.now();
          if (this.state === 'connecting' && block.outTimeUs > 0) {
            this.state = 'live';
            this.reason = null;
            this.wentLive = true;
            this.liveSince = this.clock.now();
            this.attempt = 0;
            this.fastFailures = 0;
          }
        }
      }
      const figures = this.meter.update(block);
      this.health = { ...figures, uptimeSeconds: 0 };
      this.emit();
    });
    child.onExit(({ code, stderrTail }) => {
      if (this.child !== child) return;
      this.child = null;
      if (this.stopping) return;
      this.handleFailure(failureReasonOf(stderrTail, code));
    });
    this.armWatchdog();
    this.emit();
  }

  private armWatchdog() {
    const check = () => {
      this.watchdogTimer = null;
      if (this.stopping || !this.child) return;
      const idleFor = this.clock.now() - this.lastMovedAt;
      if (idleFor >= this.options.stallMs) {
        const child = this.child;
        this.stalled = true;
        this.reason = `No data for ${Math.round(this.options.stallMs / 1000)} s: restarting.`;
        child.kill('SIGINT');
        this.stallKill = this.clock.setTimeout(() => child.kill('SIGKILL'), this.options.killGraceMs);
        return;
      }
      this.watchdogTimer = this.clock.setTimeout(check, Math.min(1_000, this.options.stallMs - idleFor));
    };
    this.watchdogTimer = this.clock.setTimeout(check, Math.min(1_000, this.options.stallMs));
  }

  private handleFailure(reason: string) {
    this.clearTimers();
    const ranFor = this.clock.now() - this.runStartedAt;
    if (!this.stalled) this.reason = reason;
    this.liveSince = null;
    this.health = null;
    if (!this.wentLive && ranFor < this.options.fastFailureMs) this.fastFailures += 1;
    else if (!this.wentLive) this.fastFailures = 0;
    if (this.fastFailures >= this.options.maxFastFailures) {
      this.state = 'failed';
      this.emit();
      return;
    }
    const { backoffSeconds } = this.options;
    const delaySeconds = backoffSeconds[Math.min(this.attempt, backoffSeconds.length - 1)] ?? 30;
    this.attempt += 1;
    this.state = 'retrying';
    this.retryAt = this.clock.now() + delaySeconds * 1000;
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = null;
      if (this.stopping) return;
      this.reconnects += 1;
      this.launch();
    }, delaySeconds * 1000);
    this.emit();
  }
}
