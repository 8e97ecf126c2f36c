/**
 * A counting semaphore: how many of one kind of work this process runs at once. Publishing caps each platform
 * with one (a slot is taken before a target is claimed: `publishTarget` waits for one, the due-target pump takes
 * the free ones at once and claims no more targets than it took); the image editor caps its renders.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly limit: number) {}

  /** Callers waiting for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Slots free now (none while anybody waits for one). */
  get free(): number {
    return this.waiting.length > 0 ? 0 : Math.max(0, this.limit - this.active);
  }

  /** Takes up to `wanted` free slots without waiting; each is given back with `release`. Returns how many. */
  tryTake(wanted: number): number {
    const taken = Math.min(wanted, this.free);
    this.active += taken;
    return taken;
  }

  /** Gives a slot back: handed straight to the first waiter, if any (so `tryTake` cannot take it in between). */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }

  /** Waits for a slot and takes it; given back with `release`. */
  async acquire(): Promise<void> {
    if (this.active < this.limit && this.waiting.length === 0) this.active += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
}
