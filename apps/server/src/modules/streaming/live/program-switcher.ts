import {
  encodeFlvTag,
  FLV_AUDIO,
  FLV_SCRIPT,
  FLV_VIDEO,
  type FlvTag,
  FlvTagReader,
  flvHeader,
  isKeyframe,
  isSequenceHeader,
} from './flv-tags';

/**
 * The program of a stream (docs/decisions/0101-slate-on-dropped-source.md): one FLV stream that never ends,
 * spliced from the source (OBS or the studio) and the slate. A feed takes over only at one of its keyframes,
 * its codec headers first; timestamps are rewritten so they keep rising across every switch, the gap between
 * two feeds counted in wall-clock time up to MAX_GAP_MS. The source takes over whenever it sends a keyframe; the slate only
 * when asked (the source stalled).
 */
export type FeedName = 'source' | 'slate';

/**
 * The longest gap the timestamps show at a switch. Noticing a drop and starting the slate takes over a second
 * of wall time; the platforms see at most this much, and the program runs that much later from then on (a
 * second or less per drop), so a viewer never sees the stream go quiet for long.
 */
export const MAX_GAP_MS = 500;

interface Feed {
  name: FeedName;
  reader: FlvTagReader;
  videoHeader: FlvTag | null;
  audioHeader: FlvTag | null;
  /** When the feed was attached, then when its last video frame arrived. */
  lastVideoAt: number;
}

export class ProgramSwitcher {
  private readonly feeds: Record<FeedName, Feed | null> = { source: null, slate: null };
  private current: Feed | null = null;
  private wantSlate = false;
  private offset = 0;
  private readonly lastOut: Record<number, number> = { [FLV_AUDIO]: -1, [FLV_VIDEO]: -1 };
  private lastOutWall = 0;
  /** Frames written per feed (tests and the log). */
  readonly framesOut: Record<FeedName, number> = { source: 0, slate: 0 };

  constructor(
    private readonly write: (chunk: Buffer) => void,
    private readonly onSwitch: (to: FeedName) => void,
    private readonly clock: () => number = Date.now,
  ) {
    this.write(flvHeader());
  }

  /** A new feed under a name (replacing the previous one of that name); returns where its bytes go. */
  attach(name: FeedName): (chunk: Buffer) => void {
    const feed: Feed = {
      name,
      reader: new FlvTagReader(),
      videoHeader: null,
      audioHeader: null,
      lastVideoAt: this.clock(),
    };
    if (this.current?.name === name) this.current = null;
    this.feeds[name] = feed;
    return (chunk) => {
      if (this.feeds[name] !== feed) return;
      for (const tag of feed.reader.push(chunk)) this.onTag(feed, tag);
    };
  }

  detach(name: FeedName) {
    if (this.current?.name === name) this.current = null;
    this.feeds[name] = null;
  }

  /** Switch to the slate at its next keyframe (the source stalled); the source takes over again by itself. */
  showSlate() {
    this.wantSlate = true;
  }

  get showing(): FeedName | null {
    return this.current?.name ?? null;
  }

  /** Milliseconds since the source's last video frame (or since it was attached); null without a source. */
  sourceSilentFor(): number | null {
    const source = this.feeds.source;
    return source ? this.clock() - source.lastVideoAt : null;
  }

  private onTag(feed: Feed, tag: FlvTag) {
    if (tag.type === FLV_SCRIPT) return;
    if (isSequenceHeader(tag)) {
      if (tag.type === FLV_VIDEO) feed.videoHeader = tag;
      else feed.audioHeader = tag;
      if (this.current === feed) this.emit(tag, true);
      return;
    }
    if (tag.type === FLV_VIDEO) feed.lastVideoAt = this.clock();
    if (this.current !== feed) {
      const wanted = feed.name === 'source' || (this.wantSlate && this.current?.name !== 'slate');
      if (!wanted || !isKeyframe(tag) || !feed.videoHeader) return;
      this.switchTo(feed, tag);
    }
    this.emit(tag, false);
  }

  private switchTo(feed: Feed, first: FlvTag) {
    const lastTs = Math.max(this.lastOut[FLV_AUDIO] ?? -1, this.lastOut[FLV_VIDEO] ?? -1);
    const gap = Math.min(MAX_GAP_MS, Math.max(1, this.clock() - this.lastOutWall));
    const base = lastTs < 0 ? 0 : lastTs + gap;
    this.offset = base - first.timestamp;
    this.current = feed;
    if (feed.name === 'source') this.wantSlate = false;
    for (const header of [feed.videoHeader, feed.audioHeader])
      if (header) this.emit({ ...header, timestamp: first.timestamp }, true);
    this.onSwitch(feed.name);
  }

  private emit(tag: FlvTag, isHeader: boolean) {
    const last = this.lastOut[tag.type] ?? -1;
    const mapped = tag.timestamp + this.offset;
    // Codec headers are not frames: they may share the next frame's time.
    const timestamp = isHeader ? Math.max(mapped, last, 0) : Math.max(mapped, last + 1);
    if (!isHeader) {
      this.lastOut[tag.type] = timestamp;
      this.lastOutWall = this.clock();
      if (tag.type === FLV_VIDEO && this.current) this.framesOut[this.current.name] += 1;
    }
    this.write(encodeFlvTag({ ...tag, timestamp }));
  }
}
