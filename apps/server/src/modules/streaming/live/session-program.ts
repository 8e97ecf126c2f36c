import { existsSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { OVERLAY_FONT } from '../../video-editor/video-editor-text';
import { type ChildHandle, stopChild } from './child';
import { buildProgramArgs, buildSlateArgs, buildSourceReaderArgs, type SlateFormat } from './ffmpeg-args';
import { type FeedName, ProgramSwitcher } from './program-switcher';
import type { Relay } from './relay';

/**
 * A stream's program (docs/decisions/0101-slate-on-dropped-source.md): the source (what OBS or the studio
 * publishes on the relay key) is read by a `-c copy` ffmpeg, spliced with a slate encoder when it drops, and
 * published by one long-lived `-c copy` ffmpeg on the program key, which every destination and the recorder
 * read. The destinations never see the source drop: only the picture changes.
 */

type MediaChild = ChildHandle & { stdin: Writable | null; stdout: Readable | null };

export interface ProgramDeps {
  relay: Pick<Relay, 'localUrl' | 'isPublishing' | 'publisherStats'>;
  spawn: (args: string[], options: { stdin?: boolean; output?: boolean }) => MediaChild;
  log: { warn(obj: object, msg: string): void };
  /** The slate's size, rate and audio: the source's as last seen. */
  slateFormat: () => SlateFormat;
  /** A still image for the slate; null: a dark frame saying "We'll be right back". */
  slateImage: string | null;
  /** How long the slate may run before the stream ends. */
  graceMs: number;
  /** The source counts as dropped after this long without a video frame. */
  stallMs?: number;
}

export interface ProgramEvents {
  sourceLost(): void;
  sourceReturned(): void;
  /** The grace ran out with the source still gone. */
  graceOver(): void;
  /** The program publisher itself died: the stream cannot go on. */
  failed(detail: string): void;
}

/** A source silent this long is dropped: the slate takes over within about 1.5 s (the goal is under 2 s). */
const STALL_MS = 1_000;
const FIRST_FRAME_MS = 10_000;
const CHECK_MS = 250;
const RESPAWN_MS = 1_000;

export class SessionProgram {
  private publisher: MediaChild | null = null;
  private reader: MediaChild | null = null;
  private slate: MediaChild | null = null;
  private switcher: ProgramSwitcher | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private graceTimer: NodeJS.Timeout | null = null;
  /** The source publisher's byte count when the slate went on (to see it flow again). */
  private sourceBytes: number | null = null;
  private stopped = false;
  /** Since when the slate has been on (ms epoch); null while the source is on air. */
  lostSince: number | null = null;

  constructor(
    private readonly sourceKey: string,
    readonly programKey: string,
    private readonly deps: ProgramDeps,
    private readonly events: ProgramEvents,
  ) {}

  get slateEndsAt(): number | null {
    return this.lostSince === null ? null : this.lostSince + this.deps.graceMs;
  }

  /** Frames the program carried from each feed so far. */
  get framesOut() {
    return this.switcher?.framesOut ?? { source: 0, slate: 0 };
  }

  start() {
    const publisher = this.deps.spawn(buildProgramArgs(this.deps.relay.localUrl(this.programKey)), {
      stdin: true,
    });
    this.publisher = publisher;
    publisher.onExit(({ code, stderrTail }) => {
      if (!this.stopped) this.events.failed(`program ffmpeg exited ${code}: ${stderrTail.slice(-300)}`);
    });
    this.switcher = new ProgramSwitcher(
      (chunk) => {
        if (publisher.stdin?.writable) publisher.stdin.write(chunk);
      },
      (to) => this.onSwitch(to),
    );
    this.readSource();
    this.every(CHECK_MS, () => this.check());
  }

  /** The relay has a (new) publisher on the source key: read it afresh. */
  sourcePublished() {
    if (!this.stopped) this.readSource();
  }

  private readSource() {
    const switcher = this.switcher;
    if (!switcher) return;
    if (this.reader) void stopChild(this.reader, 1_000);
    const reader = this.deps.spawn(buildSourceReaderArgs(this.deps.relay.localUrl(this.sourceKey)), {
      output: true,
    });
    this.reader = reader;
    reader.stdout?.on('data', switcher.attach('source'));
    reader.onExit(() => {
      if (this.reader !== reader || this.stopped) return;
      this.reader = null;
      // Read again while the relay has a publisher; once the slate shows, when the source flows again.
      this.after(RESPAWN_MS, () => {
        if (!this.reader && this.lostSince === null && this.deps.relay.isPublishing(this.sourceKey))
          this.readSource();
      });
    });
  }

  private startSlate() {
    const switcher = this.switcher;
    if (!switcher || this.slate || this.stopped) return;
    const font = existsSync(OVERLAY_FONT) ? OVERLAY_FONT : null;
    const slate = this.deps.spawn(buildSlateArgs(this.deps.slateFormat(), this.deps.slateImage, font), {
      output: true,
    });
    this.slate = slate;
    slate.stdout?.on('data', switcher.attach('slate'));
    slate.onExit(({ code, stderrTail }) => {
      if (this.slate !== slate) return;
      this.slate = null;
      if (this.stopped || this.lostSince === null) return;
      this.deps.log.warn(
        { code, stderr: stderrTail.slice(-300) },
        'the slate encoder exited; starting it again',
      );
      this.after(RESPAWN_MS, () => this.startSlate());
    });
  }

  private stopSlate() {
    const slate = this.slate;
    this.slate = null;
    this.switcher?.detach('slate');
    if (slate) void stopChild(slate, 1_000);
  }

  private check() {
    const switcher = this.switcher;
    if (!switcher || this.stopped) return;
    if (this.lostSince !== null) {
      this.readWhenFlowing();
      return;
    }
    const silentFor = switcher.sourceSilentFor() ?? Number.POSITIVE_INFINITY;
    // Before the source was ever on air it is starting, not dropped.
    const limit = switcher.showing === null ? FIRST_FRAME_MS : (this.deps.stallMs ?? STALL_MS);
    if (silentFor < limit) return;
    this.lostSince = Date.now();
    // The relay keeps a reader across a publish gap and would hand it the next publish mid-stream: read afresh
    // once the source flows again instead (readWhenFlowing, sourcePublished).
    this.dropReader();
    this.sourceBytes = this.deps.relay.publisherStats(this.sourceKey)?.inBytes ?? null;
    this.startSlate();
    switcher.showSlate();
    this.graceTimer = this.after(this.deps.graceMs, () => {
      if (!this.stopped && this.lostSince !== null) this.events.graceOver();
    });
    this.events.sourceLost();
  }

  private dropReader() {
    const reader = this.reader;
    this.reader = null;
    this.switcher?.detach('source');
    if (reader) void stopChild(reader, 1_000);
  }

  /** While the slate shows: a publisher still connected whose byte count grows again is back (a stall, not a drop). */
  private readWhenFlowing() {
    if (this.reader || !this.deps.relay.isPublishing(this.sourceKey)) return;
    const bytes = this.deps.relay.publisherStats(this.sourceKey)?.inBytes ?? null;
    if (bytes === null || this.sourceBytes === null || bytes <= this.sourceBytes) {
      this.sourceBytes = bytes;
      return;
    }
    this.readSource();
  }

  private onSwitch(to: FeedName) {
    if (to !== 'source' || this.lostSince === null) return;
    this.lostSince = null;
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.stopSlate();
    this.events.sourceReturned();
  }

  /** The source is ending on purpose (End Stream): from now on its silence is not a drop. */
  ending() {
    this.stopped = true;
  }

  private async stopSource() {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([this.reader, this.slate].map((child) => (child ? stopChild(child, 2_000) : null)));
  }

  /** Ends the program: the publisher finishes what it has and unpublishes cleanly. */
  async stop() {
    await this.stopSource();
    const publisher = this.publisher;
    if (!publisher) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => void stopChild(publisher).then(resolve), 3_000);
      timer.unref();
      publisher.onExit(() => {
        clearTimeout(timer);
        resolve();
      });
      publisher.stdin?.end();
    });
  }

  private every(ms: number, run: () => void) {
    const timer = setInterval(run, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private after(ms: number, run: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
    return timer;
  }
}
