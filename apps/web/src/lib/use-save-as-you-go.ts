import { useCallback, useEffect, useRef, useState } from 'react';
import { showError } from './show-error';

/** Where a settings section's saving stands: nothing yet, a save on its way, the last one done, or refused. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** How long "Saved" stays beside the section's title after the last save. */
export const SAVED_SHOWN_MS = 4_000;

/**
 * Settings save as you go (docs/decisions/0078-settings-save-as-you-go-and-week-start.md): each change is saved
 * as it is made. `commit(value)` saves one value; saves run one after another in the order they were made, so
 * the last change is the one the server keeps even when the user clicks faster than the server answers. A
 * refused save shows the server's reason (`showError`) and calls `onFailed` so the section can show what is
 * stored again. `state` drives the section's "Saving…" / "Saved" (components/save-status.tsx).
 */
export function useSaveAsYouGo<T>(
  save: (value: T) => Promise<unknown>,
  options: { failureMessage: string; onFailed?: () => void },
) {
  const [state, setState] = useState<SaveState>('idle');
  const queue = useRef<Promise<void>>(Promise.resolve());
  const waiting = useRef(0);
  const latest = useRef({ save, options });
  latest.current = { save, options };

  useEffect(() => {
    if (state !== 'saved') return;
    const timer = setTimeout(() => setState('idle'), SAVED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const commit = useCallback((value: T): Promise<void> => {
    waiting.current += 1;
    setState('saving');
    const run = queue.current.then(async () => {
      try {
        await latest.current.save(value);
        waiting.current -= 1;
        if (waiting.current === 0) setState('saved');
      } catch (error) {
        waiting.current -= 1;
        setState('failed');
        showError(error, latest.current.options.failureMessage);
        latest.current.options.onFailed?.();
      }
    });
    queue.current = run;
    return run;
  }, []);

  return { state, commit };
}
