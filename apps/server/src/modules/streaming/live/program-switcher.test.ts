import { describe, expect, it } from 'vitest';
import {
  encodeFlvTag,
  FLV_AUDIO,
  FLV_SCRIPT,
  FLV_VIDEO,
  type FlvTag,
  FlvTagReader,
  flvHeader,
} from './flv-tags';
import { type FeedName, MAX_GAP_MS, ProgramSwitcher } from './program-switcher';

/** Synthetic FLV: AVC/AAC headers, key and inter frames, with a marker byte telling the feeds apart. */
const videoHeader = (mark: number): FlvTag => ({
  type: FLV_VIDEO,
  timestamp: 0,
  data: Buffer.from([0x17, 0, 0, 0, 0, mark]),
});
const audioHeader = (mark: number): FlvTag => ({
  type: FLV_AUDIO,
  timestamp: 0,
  data: Buffer.from([0xaf, 0, mark]),
});
const frame = (mark: number, timestamp: number, key: boolean): FlvTag => ({
  type: FLV_VIDEO,
  timestamp,
  data: Buffer.from([key ? 0x17 : 0x27, 1, 0, 0, 0, mark]),
});
const sound = (mark: number, timestamp: number): FlvTag => ({
  type: FLV_AUDIO,
  timestamp,
  data: Buffer.from([0xaf, 1, mark]),
});

function bytesOf(tags: FlvTag[], withHeader = true): Buffer {
  return Buffer.concat([...(withHeader ? [flvHeader()] : []), ...tags.map(encodeFlvTag)]);
}

function setup() {
  let now = 1_000;
  const out = new FlvTagReader();
  const written: FlvTag[] = [];
  const switches: FeedName[] = [];
  const switcher = new ProgramSwitcher(
    (chunk) => written.push(...out.push(chunk)),
    (to) => switches.push(to),
    () => now,
  );
  return { switcher, written, switches, advance: (ms: number) => (now += ms) };
}

describe('FLV tags', () => {
  it('reads tags back across arbitrary chunk boundaries, with 32-bit timestamps', () => {
    const tags = [videoHeader(1), frame(1, 0x12345678, true), sound(1, 0xff000001)];
    const bytes = bytesOf(tags);
    const reader = new FlvTagReader();
    const read: FlvTag[] = [];
    for (let i = 0; i < bytes.length; i += 7) read.push(...reader.push(bytes.subarray(i, i + 7)));
    expect(read.map((tag) => [tag.type, tag.timestamp])).toEqual([
      [FLV_VIDEO, 0],
      [FLV_VIDEO, 0x12345678],
      [FLV_AUDIO, 0xff000001],
    ]);
    expect(read[1]?.data).toEqual(tags[1]?.data);
  });

  it('stops at a stream that is not FLV', () => {
    const reader = new FlvTagReader();
    expect(reader.push(Buffer.from('not an flv stream at all'))).toEqual([]);
    expect(reader.broken).toBe(true);
  });
});

describe('program switcher', () => {
  it('starts on the source at its first keyframe, headers first, and drops script tags', () => {
    const { switcher, written, switches } = setup();
    const feed = switcher.attach('source');
    feed(
      bytesOf([
        { type: FLV_SCRIPT, timestamp: 0, data: Buffer.from([2, 0, 0]) },
        videoHeader(1),
        audioHeader(1),
        frame(1, 5_000, false),
        frame(1, 5_033, true),
        sound(1, 5_040),
      ]),
    );
    expect(switches).toEqual(['source']);
    expect(written.map((tag) => [tag.type, tag.timestamp, tag.data.at(-1)])).toEqual([
      [FLV_VIDEO, 0, 1],
      [FLV_AUDIO, 0, 1],
      [FLV_VIDEO, 0, 1],
      [FLV_AUDIO, 7, 1],
    ]);
  });

  it('goes to the slate only when asked, and back to the source at its next keyframe, timestamps rising', () => {
    expect(MAX_GAP_MS).toBeLessThan(1_000);
    const { switcher, written, switches, advance } = setup();
    const source = switcher.attach('source');
    source(bytesOf([videoHeader(1), audioHeader(1), frame(1, 0, true), frame(1, 33, false), sound(1, 40)]));
    const slate = switcher.attach('slate');
    // The slate runs, but the source is on air: nothing of it is written.
    slate(bytesOf([videoHeader(2), audioHeader(2), frame(2, 0, true)]));
    expect(written.every((tag) => tag.data.at(-1) === 1)).toBe(true);
    expect(switcher.sourceSilentFor()).toBe(0);
    advance(2_500);
    expect(switcher.sourceSilentFor()).toBe(2_500);
    switcher.showSlate();
    slate(
      bytesOf([frame(2, 66, false), frame(2, 2_000, true), sound(2, 2_010), frame(2, 2_066, false)], false),
    );
    expect(switcher.showing).toBe('slate');
    advance(3_000);
    // The source comes back with timestamps of its own (a new publish starts near 0): it waits for a keyframe.
    const again = switcher.attach('source');
    again(bytesOf([videoHeader(3), audioHeader(3), frame(3, 10, false), frame(3, 20, true), sound(3, 25)]));
    expect(switches).toEqual(['source', 'slate', 'source']);
    const media = written.filter((tag) => tag.data[1] !== 0);
    expect(media.map((tag) => tag.data.at(-1))).toEqual([1, 1, 1, 2, 2, 2, 3, 3]);
    for (const type of [FLV_VIDEO, FLV_AUDIO]) {
      const times = media.filter((tag) => tag.type === type).map((tag) => tag.timestamp);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(new Set(times).size).toBe(times.length);
    }
    const slateStart = media.find((tag) => tag.data.at(-1) === 2)?.timestamp ?? 0;
    const sourceAgain = media.find((tag) => tag.data.at(-1) === 3)?.timestamp ?? 0;
    // The gaps are the wall-clock time between the feeds (2.5 s, then 3 s after the slate's last frame), each
    // shortened to MAX_GAP_MS: the platforms never see the stream go quiet for long.
    expect(slateStart).toBe(40 + MAX_GAP_MS);
    expect(sourceAgain).toBe(slateStart + 66 + MAX_GAP_MS);
    // Each switch repeats the new feed's codec headers.
    const headers = written.filter((tag) => tag.data[1] === 0).map((tag) => tag.data.at(-1));
    expect(headers).toEqual([1, 1, 2, 2, 3, 3]);
  });
});
