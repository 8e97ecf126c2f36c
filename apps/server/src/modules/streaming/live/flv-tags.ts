/**
 * Just enough FLV to splice two live streams (docs/decisions/0101-slate-on-dropped-source.md): split a byte
 * stream into tags, tell keyframes and codec headers apart, and write tags back with new timestamps.
 * Layout (FLV spec 10.1): a 9-byte header and a 4-byte zero, then tags of an 11-byte header (type, 24-bit size,
 * 24-bit timestamp + 8 upper bits, 24-bit stream id), the data, and a 4-byte "previous tag size".
 */

export const FLV_AUDIO = 8;
export const FLV_VIDEO = 9;
export const FLV_SCRIPT = 18;

export interface FlvTag {
  type: number;
  /** Milliseconds (the decode time). */
  timestamp: number;
  data: Buffer;
}

const HEADER_BYTES = 9 + 4;
const TAG_HEADER_BYTES = 11;
/** A tag larger than this is not FLV we made: the stream is corrupt. */
const MAX_TAG_BYTES = 16 * 1024 * 1024;

/** The stream header of an FLV with audio and video, and the first "previous tag size" (0). */
export function flvHeader(): Buffer {
  return Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x05, 0, 0, 0, 9, 0, 0, 0, 0]);
}

export function encodeFlvTag(tag: FlvTag): Buffer {
  const out = Buffer.alloc(TAG_HEADER_BYTES + tag.data.length + 4);
  const ts = Math.max(0, Math.round(tag.timestamp));
  out.writeUInt8(tag.type, 0);
  out.writeUIntBE(tag.data.length, 1, 3);
  out.writeUIntBE(ts & 0xffffff, 4, 3);
  out.writeUInt8((ts >>> 24) & 0xff, 7);
  out.writeUIntBE(0, 8, 3);
  tag.data.copy(out, TAG_HEADER_BYTES);
  out.writeUInt32BE(TAG_HEADER_BYTES + tag.data.length, TAG_HEADER_BYTES + tag.data.length);
  return out;
}

/** An AVC or AAC sequence header (the codec's configuration, not media). */
export function isSequenceHeader(tag: FlvTag): boolean {
  if (tag.type === FLV_VIDEO) return (tag.data[0] ?? 0) % 16 === 7 && tag.data[1] === 0;
  if (tag.type === FLV_AUDIO) return (tag.data[0] ?? 0) >> 4 === 10 && tag.data[1] === 0;
  return false;
}

export function isKeyframe(tag: FlvTag): boolean {
  return tag.type === FLV_VIDEO && (tag.data[0] ?? 0) >> 4 === 1 && !isSequenceHeader(tag);
}

/** Splits an FLV byte stream, as it arrives in chunks, into tags. */
export class FlvTagReader {
  private pending: Buffer = Buffer.alloc(0);
  private headerSeen = false;
  /** Set once the stream stopped being FLV; nothing more is read. */
  broken = false;

  push(chunk: Buffer): FlvTag[] {
    if (this.broken) return [];
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const tags: FlvTag[] = [];
    let offset = 0;
    if (!this.headerSeen) {
      if (this.pending.length < HEADER_BYTES) return tags;
      if (this.pending.toString('latin1', 0, 3) !== 'FLV') {
        this.broken = true;
        return tags;
      }
      offset = this.pending.readUInt32BE(5) + 4;
      this.headerSeen = true;
    }
    while (this.pending.length - offset >= TAG_HEADER_BYTES) {
      const size = this.pending.readUIntBE(offset + 1, 3);
      if (size > MAX_TAG_BYTES) {
        this.broken = true;
        return tags;
      }
      const end = offset + TAG_HEADER_BYTES + size + 4;
      if (this.pending.length < end) break;
      const timestamp =
        this.pending.readUIntBE(offset + 4, 3) + this.pending.readUInt8(offset + 7) * 0x1000000;
      tags.push({
        type: this.pending.readUInt8(offset) & 0x1f,
        timestamp,
        data: Buffer.from(this.pending.subarray(offset + TAG_HEADER_BYTES, offset + TAG_HEADER_BYTES + size)),
      });
      offset = end;
    }
    this.pending = this.pending.subarray(offset);
    return tags;
  }
}
