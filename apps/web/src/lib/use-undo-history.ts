import {
  type EditHistory,
  recordEdit,
  redoEdit,
  startHistory,
  undoEdit,
} from '@relaycast/shared/video-editor-edit-list';
import { useCallback, useEffect, useState } from 'react';

/** Whether a key press is meant for a text field (its own undo) rather than for the editor. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * An editor's value with undo and redo (docs/decisions/0038): snapshots of a small value, so both are instant;
 * the video and image editors keep theirs in it. Ctrl+Z (⌘Z) undoes and Ctrl+Shift+Z (⌘⇧Z) redoes anywhere on
 * the page but in a text field. `record` with a `key` folds a run of changes of one kind (a drag) into one step;
 * `restart` starts over from a value, with nothing to undo.
 */
export function useUndoHistory<T>(initial: T) {
  const [history, setHistory] = useState<EditHistory<T>>(() => startHistory(initial));
  const restart = useCallback((value: T) => setHistory(startHistory(value)), []);
  const record = useCallback(
    (next: T, key: string | null = null) => setHistory((current) => recordEdit(current, next, key)),
    [],
  );
  const undo = useCallback(() => setHistory(undoEdit), []);
  const redo = useCallback(() => setHistory(redoEdit), []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'z') return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [undo, redo]);

  return {
    present: history.present,
    restart,
    record,
    undo,
    redo,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
