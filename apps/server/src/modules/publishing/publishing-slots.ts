import type { PlatformId } from '@relaycast/shared/platforms';
import { Semaphore } from '../../lib/semaphore';
import { connectorFor, hasConnector } from '../../platforms/registry';

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
