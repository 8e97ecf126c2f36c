import { describe, expect, it } from 'vitest';
import {
  deleteSegment,
  EDIT_LIST_MESSAGES,
  editListSchema,
  fullEditList,
  MAX_SEGMENTS,
  moveSegment,
  outputToSourceTime,
  playbackPositionAfter,
  recordEdit,
  redoEdit,
  type Segment,
  segmentIndexAt,
  sourceSpan,
  sourceToOutputTime,
  splitAt,
  startHistory,
  totalDuration,
  trimEditList,
  undoEdit,
} from './video-editor-edit-list';

const TWO: Segment[] = [
  { start: 1, end: 3 },
  { start: 5, end: 8 },
];

describe('the edit list schema', () => {
  it('takes sections in any play order, without overlap, at most the limit', () => {
    expect(editListSchema.safeParse(TWO).success).toBe(true);
    expect(
      editListSchema.safeParse([
        { start: 0, end: 2 },
        { start: 2, end: 3 },
      ]).success,
    ).toBe(true);
    const message = (value: unknown) => editListSchema.safeParse(value).error?.issues[0]?.message;
    expect(message([])).toBe(EDIT_LIST_MESSAGES.noSegments);
    expect(message([{ start: 2, end: 2 }])).toBe(EDIT_LIST_MESSAGES.segmentEndBeforeStart);
    // Moved: the later part of the source plays first.
    expect(editListSchema.safeParse([TWO[1], TWO[0]]).success).toBe(true);
    expect(
      message([
        { start: 5, end: 8 },
        { start: 1, end: 6 },
      ]),
    ).toBe(EDIT_LIST_MESSAGES.segmentsOverlap);
    expect(
      message([
        { start: 0, end: 4 },
        { start: 3, end: 5 },
      ]),
    ).toBe(EDIT_LIST_MESSAGES.segmentsOverlap);
    const many = Array.from({ length: MAX_SEGMENTS + 1 }, (_, i) => ({ start: i, end: i + 0.5 }));
    expect(message(many)).toBe(EDIT_LIST_MESSAGES.tooManySegments(MAX_SEGMENTS));
    expect(editListSchema.safeParse([{ start: -1, end: 2 }]).success).toBe(false);
  });
});

describe('split, delete and trim', () => {
  it('splits the section under the playhead, and nothing elsewhere', () => {
    const full = fullEditList(10);
    expect(full).toEqual([{ start: 0, end: 10 }]);
    const split = splitAt(full, 4.25);
    expect(split).toEqual([
      { start: 0, end: 4.25 },
      { start: 4.25, end: 10 },
    ]);
    expect(splitAt(split, 4.25)).toBe(split);
    expect(splitAt(TWO, 4)).toBe(TWO);
    expect(splitAt(TWO, 1.01)).toBe(TWO);
    expect(splitAt(TWO, 12)).toBe(TWO);
    const many = Array.from({ length: MAX_SEGMENTS }, (_, i) => ({ start: i, end: i + 1 }));
    expect(splitAt(many, 0.5)).toBe(many);
  });

  it('deletes a section but never the last one', () => {
    expect(deleteSegment(TWO, 0)).toEqual([{ start: 5, end: 8 }]);
    const one = [{ start: 0, end: 2 }];
    expect(deleteSegment(one, 0)).toBe(one);
    expect(deleteSegment(TWO, 5)).toBe(TWO);
  });

  it('clips the sections to the trim without losing them', () => {
    expect(trimEditList(TWO, { start: 2, end: 6 })).toEqual([
      { start: 2, end: 3 },
      { start: 5, end: 6 },
    ]);
    expect(trimEditList(TWO, { start: 3.5, end: 10 })).toEqual([{ start: 5, end: 8 }]);
    expect(trimEditList(TWO, { start: 3, end: 5 })).toEqual([]);
    expect(trimEditList(TWO, { start: 0, end: 20 })).toEqual(TWO);
  });

  it('adds up the kept length and finds the section at a time', () => {
    expect(totalDuration(TWO)).toBe(5);
    expect(segmentIndexAt(TWO, 1)).toBe(0);
    expect(segmentIndexAt(TWO, 3)).toBe(-1);
    expect(segmentIndexAt(TWO, 7.9)).toBe(1);
  });
});

describe('output and source times', () => {
  it('maps both ways', () => {
    expect(outputToSourceTime(TWO, 0)).toBe(1);
    expect(outputToSourceTime(TWO, 1.5)).toBe(2.5);
    expect(outputToSourceTime(TWO, 2)).toBe(5);
    expect(outputToSourceTime(TWO, 4)).toBe(7);
    expect(outputToSourceTime(TWO, 99)).toBe(8);
    expect(sourceToOutputTime(TWO, 0)).toBe(0);
    expect(sourceToOutputTime(TWO, 2.5)).toBe(1.5);
    expect(sourceToOutputTime(TWO, 4)).toBe(2);
    expect(sourceToOutputTime(TWO, 7)).toBe(4);
    expect(sourceToOutputTime(TWO, 9)).toBe(5);
  });

  it('maps both ways when the sections were moved', () => {
    const moved = [TWO[1]!, TWO[0]!];
    expect(outputToSourceTime(moved, 0)).toBe(5);
    expect(outputToSourceTime(moved, 3.5)).toBe(1.5);
    expect(sourceToOutputTime(moved, 6)).toBe(1);
    expect(sourceToOutputTime(moved, 2)).toBe(4);
    // A deleted part maps to where the section after it in the source begins in the output.
    expect(sourceToOutputTime(moved, 4)).toBe(0);
    expect(sourceToOutputTime(moved, 0)).toBe(3);
    expect(sourceToOutputTime(moved, 9)).toBe(5);
  });

  it('skips deleted parts in playback and stops after the last section', () => {
    expect(playbackPositionAfter(TWO, 2, 0)).toEqual({ index: 0, seekTo: null, pause: false });
    expect(playbackPositionAfter(TWO, 0.5)).toEqual({ index: 0, seekTo: 1, pause: false });
    expect(playbackPositionAfter(TWO, 3, 0)).toEqual({ index: 1, seekTo: 5, pause: false });
    expect(playbackPositionAfter(TWO, 8, 1)).toEqual({ index: 0, seekTo: 1, pause: true });
    expect(playbackPositionAfter(TWO, 9)).toEqual({ index: 0, seekTo: 1, pause: true });
    expect(playbackPositionAfter([], 1)).toBeNull();
  });

  it('plays moved sections in their new order, even where two sections touch in the source', () => {
    // Source 0–4 and 4–8, moved so that 4–8 plays first.
    const moved = [
      { start: 4, end: 8 },
      { start: 0, end: 4 },
    ];
    expect(playbackPositionAfter(moved, 6, 0)).toEqual({ index: 0, seekTo: null, pause: false });
    // The end of the first played section: on to 0–4, not on into 8.
    expect(playbackPositionAfter(moved, 8.1, 0)).toEqual({ index: 1, seekTo: 0, pause: false });
    // The end of 0–4 is the start of 4–8 in the source, but 0–4 plays last: back to the first, paused.
    expect(playbackPositionAfter(moved, 4.05, 1)).toEqual({ index: 0, seekTo: 4, pause: true });
    // The user moves the playhead into 0–4: it becomes the section playing.
    expect(playbackPositionAfter(moved, 2, 0)).toEqual({ index: 1, seekTo: null, pause: false });
  });
});

describe('moving a section', () => {
  it('moves a section to another place in the play order, and nothing else', () => {
    const three = [...TWO, { start: 10, end: 12 }];
    expect(moveSegment(three, 2, 0)).toEqual([three[2], three[0], three[1]]);
    expect(moveSegment(three, 0, 1)).toEqual([three[1], three[0], three[2]]);
    expect(moveSegment(three, 1, 1)).toBe(three);
    expect(moveSegment(three, 3, 0)).toBe(three);
    expect(moveSegment(three, 0, -1)).toBe(three);
    expect(sourceSpan(moveSegment(three, 2, 0))).toEqual({ start: 1, end: 12 });
    expect(sourceSpan([])).toBeNull();
  });
});

describe('undo and redo', () => {
  it('steps back and forward, and a new edit clears what could be redone', () => {
    let history = startHistory<readonly Segment[]>(fullEditList(10));
    history = recordEdit(history, splitAt(history.present, 4));
    history = recordEdit(history, deleteSegment(history.present, 0));
    expect(history.present).toEqual([{ start: 4, end: 10 }]);
    history = undoEdit(history);
    expect(history.present).toHaveLength(2);
    history = undoEdit(history);
    expect(history.present).toEqual([{ start: 0, end: 10 }]);
    expect(undoEdit(history)).toBe(history);
    history = redoEdit(redoEdit(history));
    expect(history.present).toEqual([{ start: 4, end: 10 }]);
    expect(redoEdit(history)).toBe(history);
    history = recordEdit(undoEdit(history), fullEditList(10));
    expect(history.future).toEqual([]);
  });

  it('makes one step of consecutive changes with the same key, and ignores no-ops', () => {
    let history = startHistory({ start: 0, end: 10 });
    history = recordEdit(history, { start: 1, end: 10 }, 'start');
    history = recordEdit(history, { start: 12, end: 10 }, 'start');
    history = recordEdit(history, { start: 12, end: 10 }, 'end');
    expect(history.past).toHaveLength(2);
    expect(undoEdit(undoEdit(history)).present).toEqual({ start: 0, end: 10 });
    expect(recordEdit(history, history.present)).toBe(history);
  });
});
