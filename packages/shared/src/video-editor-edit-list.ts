import { z } from 'zod';

/**
 * The video editor's edit list (docs/decisions/0038): the parts of the source that are kept, in the
 * order they play, as `{ start, end }` seconds of the source. Split, delete, move and trim only rewrite this
 * list, so undo and redo are instant and the source file is never changed; the export job cuts and joins the
 * kept parts in one ffmpeg pass, in the list's order. Pure functions: the browser and the server run the same
 * rules.
 */

export const EDIT_LIST_MESSAGES = {
  segmentEndBeforeStart: 'Each kept section must end after it starts.',
  segmentsOverlap: 'The kept sections must not overlap.',
  tooManySegments: (limit: number) => `An edit can keep at most ${limit} sections.`,
  noSegments: 'Keep at least one section of the video.',
  segmentsOutsideTrim: 'The kept sections must lie between the start and the end.',
  fastOneSegment:
    'Fast mode copies the original streams and can only cut one section: choose the accurate mode to join several.',
  cannotDeleteLast: 'The last section cannot be deleted: there would be nothing left to export.',
  splitOutside: 'Move the playhead inside a section, away from its edges, to split it there.',
} as const;

/** Sections an edit may keep: enough for any hand edit, small enough for one ffmpeg filter graph. */
export const MAX_SEGMENTS = 100;
/** The shortest section a split or a trim leaves (one frame at 25 fps). */
export const MIN_SEGMENT_SECONDS = 0.04;

const seconds = z
  .number()
  .min(0)
  .max(24 * 60 * 60);

export const segmentSchema = z
  .object({ start: seconds, end: seconds })
  .refine((segment) => segment.end > segment.start, {
    message: EDIT_LIST_MESSAGES.segmentEndBeforeStart,
    path: ['end'],
  });
export type Segment = z.infer<typeof segmentSchema>;

export const editListSchema = z
  .array(segmentSchema)
  .min(1, EDIT_LIST_MESSAGES.noSegments)
  .max(MAX_SEGMENTS, EDIT_LIST_MESSAGES.tooManySegments(MAX_SEGMENTS))
  .refine(isDisjoint, { message: EDIT_LIST_MESSAGES.segmentsOverlap });
export type EditList = z.infer<typeof editListSchema>;

/** The sections in the source's order. */
function bySource(segments: readonly Segment[]): Segment[] {
  return [...segments].sort((a, b) => a.start - b.start);
}

/** No two sections share a moment of the source (they may play in any order). */
function isDisjoint(segments: readonly Segment[]): boolean {
  const sorted = bySource(segments);
  return sorted.every((segment, index) => index === 0 || segment.start >= sorted[index - 1]!.end);
}

/** The first and the last moment of the source the sections use. */
export function sourceSpan(segments: readonly Segment[]): { start: number; end: number } | null {
  if (segments.length === 0) return null;
  return {
    start: Math.min(...segments.map((segment) => segment.start)),
    end: Math.max(...segments.map((segment) => segment.end)),
  };
}

/**
 * Moves section `from` to position `to` of the play order (dragged on the timeline, or Move earlier / later).
 * Unchanged (the same array) when either index is outside the list or they are equal.
 */
export function moveSegment(segments: readonly Segment[], from: number, to: number): readonly Segment[] {
  if (from === to || from < 0 || to < 0 || from >= segments.length || to >= segments.length) return segments;
  const next = [...segments];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as Segment);
  return next;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The whole source as one kept section. */
export function fullEditList(duration: number): Segment[] {
  return [{ start: 0, end: round(duration) }];
}

export function totalDuration(segments: readonly Segment[]): number {
  return round(segments.reduce((sum, segment) => sum + (segment.end - segment.start), 0));
}

/** The index of the section that holds source time `t` (its end excluded), or -1 in a deleted part. */
export function segmentIndexAt(segments: readonly Segment[], t: number): number {
  return segments.findIndex((segment) => t >= segment.start && t < segment.end);
}

/**
 * Splits the section under source time `t` in two. Unchanged (the same array) when `t` is in a deleted part,
 * too close to an edge, or the list is full.
 */
export function splitAt(segments: readonly Segment[], t: number): readonly Segment[] {
  const index = segmentIndexAt(segments, t);
  const segment = segments[index];
  if (!segment || segments.length >= MAX_SEGMENTS) return segments;
  const at = round(t);
  if (at - segment.start < MIN_SEGMENT_SECONDS || segment.end - at < MIN_SEGMENT_SECONDS) return segments;
  return [
    ...segments.slice(0, index),
    { start: segment.start, end: at },
    { start: at, end: segment.end },
    ...segments.slice(index + 1),
  ];
}

/** Removes section `index`; the last one left is kept (unchanged array). */
export function deleteSegment(segments: readonly Segment[], index: number): readonly Segment[] {
  if (segments.length <= 1 || index < 0 || index >= segments.length) return segments;
  return segments.filter((_, position) => position !== index);
}

/**
 * The kept sections clipped to the trim (`start` to `end` of the source): sections outside go, a section
 * shorter than one frame is dropped. The trim does not rewrite the list, so moving a handle back out brings
 * the sections back. Empty when nothing is left.
 */
export function trimEditList(segments: readonly Segment[], trim: { start: number; end: number }): Segment[] {
  return segments
    .map((segment) => ({
      start: round(Math.max(segment.start, trim.start)),
      end: round(Math.min(segment.end, trim.end)),
    }))
    .filter((segment) => segment.end - segment.start >= MIN_SEGMENT_SECONDS);
}

/** A time of the output (the kept sections played one after another) as a time of the source. */
export function outputToSourceTime(segments: readonly Segment[], t: number): number {
  let elapsed = 0;
  for (const segment of segments) {
    const length = segment.end - segment.start;
    if (t < elapsed + length) return round(segment.start + Math.max(0, t - elapsed));
    elapsed += length;
  }
  return segments.at(-1)?.end ?? 0;
}

/** Where section `index` begins in the output: the lengths of the sections played before it. */
function outputStartOf(segments: readonly Segment[], index: number): number {
  return segments.slice(0, index).reduce((sum, segment) => sum + (segment.end - segment.start), 0);
}

/**
 * A time of the source as a time of the output; a deleted part maps to where the kept section that follows it
 * in the source begins (the output's end when none does).
 */
export function sourceToOutputTime(segments: readonly Segment[], t: number): number {
  const index = segmentIndexAt(segments, t);
  if (index >= 0) return round(outputStartOf(segments, index) + t - segments[index]!.start);
  const after = bySource(segments).find((segment) => segment.start > t);
  return round(after ? outputStartOf(segments, segments.indexOf(after)) : totalDuration(segments));
}

/** How far past a section's end a playhead still counts as having just reached it (timeupdate fires ~4×/s). */
const END_TOLERANCE_SECONDS = 0.5;

/**
 * What playback does at source time `t` when section `current` (the one playing, in play order) was playing:
 * - inside it: go on (`seekTo` null);
 * - at or just past its end: on to the next section in play order, or after the last back to the first, paused;
 * - anywhere else (the user moved the playhead): the section under `t` becomes the one playing; in a deleted
 *   part, on to the kept section that follows in the source, or back to the first, paused.
 * Null only when nothing is kept.
 */
export function playbackPositionAfter(
  segments: readonly Segment[],
  t: number,
  current: number | null = null,
): { index: number; seekTo: number | null; pause: boolean } | null {
  if (segments.length === 0) return null;
  const playing = current === null ? undefined : segments[current];
  if (playing && current !== null) {
    if (t >= playing.start && t < playing.end) return { index: current, seekTo: null, pause: false };
    if (t >= playing.end && t < playing.end + END_TOLERANCE_SECONDS) {
      const next = segments[current + 1];
      return next
        ? { index: current + 1, seekTo: next.start, pause: false }
        : { index: 0, seekTo: segments[0]!.start, pause: true };
    }
  }
  const under = segmentIndexAt(segments, t);
  if (under >= 0) return { index: under, seekTo: null, pause: false };
  const after = bySource(segments).find((segment) => segment.start > t);
  if (after) return { index: segments.indexOf(after), seekTo: after.start, pause: false };
  return { index: 0, seekTo: segments[0]!.start, pause: true };
}

/** Undo and redo over snapshots of the edit: `past` and `future` hold what Undo and Redo bring back. */
export interface EditHistory<T> {
  past: T[];
  present: T;
  future: T[];
  /** Consecutive changes with the same key (typing in one field) are one step. */
  lastKey: string | null;
}

/** Undo steps remembered. */
export const MAX_HISTORY = 200;

export function startHistory<T>(present: T): EditHistory<T> {
  return { past: [], present, future: [], lastKey: null };
}

export function recordEdit<T>(history: EditHistory<T>, next: T, key: string | null = null): EditHistory<T> {
  if (Object.is(next, history.present)) return history;
  if (key !== null && key === history.lastKey) return { ...history, present: next, future: [] };
  return {
    past: [...history.past, history.present].slice(-MAX_HISTORY),
    present: next,
    future: [],
    lastKey: key,
  };
}

export function undoEdit<T>(history: EditHistory<T>): EditHistory<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastKey: null,
  };
}

export function redoEdit<T>(history: EditHistory<T>): EditHistory<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, lastKey: null };
}
