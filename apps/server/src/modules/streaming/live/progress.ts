/**
 * ffmpeg's `-progress pipe:1` output: `key=value` lines, one block per `-stats_period`, each ending with
 * `progress=continue` (or `progress=end`). Measured pitfalls (docs/streaming.md §2.5): `out_time_ms` holds
 * microseconds like `out_time_us`, and `bitrate` may be `N/A`, so the bitrate is derived from `total_size`.
 */
export interface ProgressBlock {
  frame: number | null;
  fps: number | null;
  /** As ffmpeg reported it; null when N/A. */
  bitrateKbps: number | null;
  totalSizeBytes: number | null;
  /** Media time written so far, in microseconds; null when N/A. */
  outTimeUs: number | null;
  dropFrames: number;
  dupFrames: number;
  speed: number | null;
  isEnd: boolean;
}

function numberOrNull(value: string | undefined): number | null {
  if (value === undefined) return null;
  const parsed = Number.parseFloat(value);
  return Number.isFinite(parsed) ? parsed : null;
}

export function parseProgressBlock(fields: Map<string, string>): ProgressBlock {
  const bitrate = fields.get('bitrate');
  const outTime = fields.get('out_time_us') ?? fields.get('out_time_ms');
  const speed = fields.get('speed');
  return {
    frame: numberOrNull(fields.get('frame')),
    fps: numberOrNull(fields.get('fps')),
    bitrateKbps: bitrate && /kbits\/s$/.test(bitrate) ? numberOrNull(bitrate) : null,
    totalSizeBytes: numberOrNull(fields.get('total_size')),
    outTimeUs: numberOrNull(outTime),
    dropFrames: numberOrNull(fields.get('drop_frames')) ?? 0,
    dupFrames: numberOrNull(fields.get('dup_frames')) ?? 0,
    speed: speed ? numberOrNull(speed.replace(/x$/, '')) : null,
    isEnd: fields.get('progress') === 'end',
  };
}

/** Feeds raw stdout text in whatever pieces it arrives; returns the blocks completed by this piece. */
export class ProgressParser {
  private buffer = '';
  private fields = new Map<string, string>();

  push(chunk: string): ProgressBlock[] {
    this.buffer += chunk;
    const lines = this.buffer.split(/\r?\n/);
    this.buffer = lines.pop() ?? '';
    const blocks: ProgressBlock[] = [];
    for (const line of lines) {
      const at = line.indexOf('=');
      if (at <= 0) continue;
      const key = line.slice(0, at).trim();
      const value = line.slice(at + 1).trim();
      this.fields.set(key, value);
      if (key === 'progress') {
        blocks.push(parseProgressBlock(this.fields));
        this.fields = new Map();
      }
    }
    return blocks;
  }
}

export interface HealthFigures {
  bitrateKbps: number | null;
  fps: number | null;
  droppedFrames: number;
}

/**
 * Turns successive blocks into health figures: the bitrate over the last interval from `total_size` and
 * `out_time` deltas (ffmpeg's own figure is a whole-run average and is often N/A for network outputs).
 */
export class HealthMeter {
  private previous: { sizeBytes: number; outTimeUs: number } | null = null;
  private lastBitrate: number | null = null;

  update(block: ProgressBlock): HealthFigures {
    const { totalSizeBytes, outTimeUs } = block;
    if (totalSizeBytes !== null && outTimeUs !== null) {
      if (this.previous && outTimeUs > this.previous.outTimeUs) {
        const bits = (totalSizeBytes - this.previous.sizeBytes) * 8;
        const seconds = (outTimeUs - this.previous.outTimeUs) / 1_000_000;
        if (bits >= 0) this.lastBitrate = Math.round(bits / seconds / 100) / 10;
      } else if (!this.previous && outTimeUs > 0) {
        this.lastBitrate = Math.round((totalSizeBytes * 8) / (outTimeUs / 1_000_000) / 100) / 10;
      }
      this.previous = { sizeBytes: totalSizeBytes, outTimeUs };
    }
    return {
      bitrateKbps: this.lastBitrate ?? block.bitrateKbps,
      fps: block.fps,
      droppedFrames: block.dropFrames,
    };
  }
}
