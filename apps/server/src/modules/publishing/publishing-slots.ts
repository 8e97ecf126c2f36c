import type { PlatformId } from '@relaycast/shared/platforms';
import { connectorFor, hasConnector } from '../../platforms/registry';

/**
 * A simple counting semaphore: the per-platform concurrency cap of this process. A slot is taken before a target
 * is claimed (`publishTarget` waits for one; the due-target pump takes the free ones at once and claims no
 * more targets than it took), so a process holds no more claims than calls it makes.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly limit: number) {}

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

/**
 * This process's cap per platform: `maxConcurrency` (PUBLISH_MAX_CONCURRENCY) or the connector's own. A platform
 * without a connector only reaches its claim (which fails or holds it): one slot will do.
 */
export function platformCaps(maxConcurrency: number | undefined): (platform: string) => Semaphore {
  const caps = new Map<string, Semaphore>();
  return (platform) => {
    let cap = caps.get(platform);
    if (!cap) {
      const id = platform as PlatformId;
      const limit = maxConcurrency ?? (hasConnector(id) ? connectorFor(id).capabilities.maxConcurrency : 1);
      cap = new Semaphore(Math.max(1, limit));
      caps.set(platform, cap);
    }
    return cap;
  };
}
