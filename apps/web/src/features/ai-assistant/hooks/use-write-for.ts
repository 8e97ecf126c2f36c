import { PLATFORM_IDS, type PlatformId } from '@relaycast/shared/platforms';
import { useState } from 'react';

/** "Write for" when the composer has no network picked yet. */
export const DEFAULT_WRITE_FOR: readonly PlatformId[] = ['twitter'];

/**
 * The assistant's "Write for": the networks picked in the composer, following them each time they change (one
 * variant per picked network, docs/decisions/0071-one-composer-with-the-assistant.md). While the composer has none
 * it stays as it was (X at first). The user may still tick or untick a network here for one generation.
 */
export function useWriteFor(picked: readonly PlatformId[]) {
  const key = picked.join(',');
  const [state, setState] = useState(() => ({
    key,
    platforms: picked.length > 0 ? [...picked] : [...DEFAULT_WRITE_FOR],
  }));
  let { platforms } = state;
  if (state.key !== key) {
    // The composer's picks changed: follow them (adjusting state while rendering, as React documents).
    if (picked.length > 0) platforms = [...picked];
    setState({ key, platforms });
  }

  function toggle(platform: PlatformId, checked: boolean) {
    setState((current) => ({
      ...current,
      platforms: PLATFORM_IDS.filter((id) => (id === platform ? checked : current.platforms.includes(id))),
    }));
  }

  return { platforms, toggle };
}
