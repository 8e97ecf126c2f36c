import { editListSchema } from '@relaycast/shared/video-editor-edit-list';
import {
  captionsFileSchema,
  overlaysSchema,
  readCaptionsFile,
} from '@relaycast/shared/video-editor-overlays';
import { z } from 'zod';
import type { Edit } from './hooks/use-edit-history';

/**
 * The edit of each video, kept in this browser between visits (docs/decisions/0038): a reload or a later visit to
 * `/video-editor?media=<id>` opens the video where the user left it. Only the small edit list is kept, never
 * video; the source is never changed. Read back through the same schemas the server checks an export with, so a
 * stale or tampered entry is ignored rather than trusted.
 */
const KEY_PREFIX = 'relaycast.video-editor.edit.';
/** At most this many videos' edits are kept; the oldest go first. */
export const MAX_SAVED_EDITS = 20;

const savedEditSchema = z.object({
  version: z.literal(1),
  /** The source's duration when the edit was made: a different file under the same id is not restored into. */
  duration: z.number().positive(),
  savedAt: z.number(),
  segments: editListSchema,
  trim: z.object({ start: z.number().min(0), end: z.number().min(0) }),
  overlays: overlaysSchema,
  captions: captionsFileSchema.nullable(),
});

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps the edit of a video (quietly does nothing where storage is full or off). */
export function saveEdit(mediaId: string, duration: number, edit: Edit, now = Date.now()): void {
  const store = storage();
  if (!store) return;
  const entry = {
    version: 1,
    duration,
    savedAt: now,
    segments: edit.segments,
    trim: edit.trim,
    overlays: edit.overlays,
    captions: edit.captions ? { name: edit.captions.name, text: edit.captions.text } : null,
  };
  try {
    store.setItem(KEY_PREFIX + mediaId, JSON.stringify(entry));
    pruneSavedEdits(store);
  } catch {
    // Storage full or refused: the edit still works in the page, it just is not kept.
  }
}

/** The edit kept for a video of this duration, or null (none, another file, or not readable). */
export function loadSavedEdit(mediaId: string, duration: number): Edit | null {
  const raw = storage()?.getItem(KEY_PREFIX + mediaId);
  if (!raw) return null;
  let parsed: z.infer<typeof savedEditSchema>;
  try {
    const result = savedEditSchema.safeParse(JSON.parse(raw));
    if (!result.success) return null;
    parsed = result.data;
  } catch {
    return null;
  }
  if (Math.abs(parsed.duration - duration) > 0.05) return null;
  const last = parsed.segments[parsed.segments.length - 1]!;
  if (last.end > duration + 0.05 || parsed.trim.end > duration + 0.05) return null;
  let captions: Edit['captions'] = null;
  if (parsed.captions) {
    const read = readCaptionsFile(parsed.captions);
    if (read.ok) captions = { ...parsed.captions, cues: read.cues };
  }
  return { segments: parsed.segments, trim: parsed.trim, overlays: parsed.overlays, captions };
}

/** Forgets a video's kept edit ("Start over"). */
export function forgetSavedEdit(mediaId: string): void {
  storage()?.removeItem(KEY_PREFIX + mediaId);
}

function pruneSavedEdits(store: Storage) {
  const kept: { key: string; savedAt: number }[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(KEY_PREFIX)) continue;
    try {
      kept.push({ key, savedAt: Number(JSON.parse(store.getItem(key) ?? '{}').savedAt) || 0 });
    } catch {
      kept.push({ key, savedAt: 0 });
    }
  }
  kept.sort((a, b) => b.savedAt - a.savedAt);
  for (const { key } of kept.slice(MAX_SAVED_EDITS)) store.removeItem(key);
}
