import { fullEditList, type Segment } from '@relaycast/shared/video-editor-edit-list';
import type { CaptionCue, TextOverlay } from '@relaycast/shared/video-editor-overlays';
import { useCallback } from 'react';
import { useUndoHistory } from '@/lib/use-undo-history';

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

/**
 * The edit with its undo and redo (docs/decisions/0038, apps/web/src/lib/use-undo-history.ts): Ctrl+Z (⌘Z)
 * undoes and Ctrl+Shift+Z (⌘⇧Z) redoes anywhere on the page but in a text field.
 */
export function useEditHistory() {
  const { present, restart, record, undo, redo, canUndo, canRedo } = useUndoHistory<Edit>(initialEdit(0));
  /** A newly loaded video: the whole of it (or the edit kept from last time), nothing to undo. */
  const reset = useCallback(
    (duration: number, kept: Edit | null = null) => restart(kept ?? initialEdit(duration)),
    [restart],
  );
  return { edit: present, reset, record, undo, redo, canUndo, canRedo };
}
