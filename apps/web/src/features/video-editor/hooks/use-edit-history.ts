import {
  type EditHistory,
  fullEditList,
  recordEdit,
  redoEdit,
  type Segment,
  startHistory,
  undoEdit,
} from '@relaycast/shared/video-editor-edit-list';
import type { CaptionCue, TextOverlay } from '@relaycast/shared/video-editor-overlays';
import { useCallback, useEffect, useState } from 'react';

/** A subtitle file chosen for the export: its text (sent to the server) and the cues read from it. */
export interface ChosenCaptions {
  name: string;
  text: string;
  cues: readonly CaptionCue[];
}

/**
 * One state of the edit: the kept sections of the whole source, the trim that bounds them, the text overlays
 * and the captions.
 */
export interface Edit {
  segments: readonly Segment[];
  trim: { start: number; end: number };
  overlays: readonly TextOverlay[];
  captions: ChosenCaptions | null;
}

export function initialEdit(duration: number): Edit {
  return {
    segments: fullEditList(duration),
    trim: { start: 0, end: duration },
    overlays: [],
    captions: null,
  };
}

/** Whether a key press is meant for a text field (its own undo) rather than for the editor. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The edit with its undo and redo (docs/decisions/0038): snapshots of a small list, so both are instant.
 * Ctrl+Z (⌘Z) undoes and Ctrl+Shift+Z (⌘⇧Z) redoes anywhere on the page but in a text field.
 */
export function useEditHistory() {
  const [history, setHistory] = useState<EditHistory<Edit>>(() => startHistory(initialEdit(0)));
  /** A newly loaded video: the whole of it (or the edit kept from last time), nothing to undo. */
  const reset = useCallback(
    (duration: number, kept: Edit | null = null) => setHistory(startHistory(kept ?? initialEdit(duration))),
    [],
  );
  const record = useCallback(
    (next: Edit, key: string | null = null) => setHistory((current) => recordEdit(current, next, key)),
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
    edit: history.present,
    reset,
    record,
    undo,
    redo,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
