import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as childProcesses from '../child-processes';
import { createMediaProcessor } from './ffmpeg';
import { imageDimensions } from './image-dimensions';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaycast-image-dimensions-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function makeImage(name: string, size: string): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=red:s=${size}`,
    '-frames:v',
    '1',
    file,
  ]);
  return file;
}

/** A JPEG with an EXIF block (APP1) whose one tag is Orientation = `orientation`, right after its SOI marker. */
function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1'); // big-endian
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // first IFD at offset 8
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // count
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

describe('imageDimensions', () => {
  it('reads PNG, JPEG, GIF and WebP headers', async () => {
    for (const name of ['a.png', 'a.jpg', 'a.gif', 'a.webp']) {
      expect(await imageDimensions(makeImage(name, '64x48')), name).toEqual({
        width: 64,
        height: 48,
        durationSeconds: null,
      });
    }
  });

  it('swaps width and height for a photo whose EXIF orientation is a quarter turn', async () => {
    const jpeg = readFileSync(makeImage('portrait.jpg', '640x480'));
    const turned = path.join(dir, 'turned.jpg');
    writeFileSync(turned, withExifOrientation(jpeg, 6));
    expect(await imageDimensions(turned)).toEqual({ width: 480, height: 640, durationSeconds: null });
    const upsideDown = path.join(dir, 'upside-down.jpg');
    writeFileSync(upsideDown, withExifOrientation(jpeg, 3));
    expect(await imageDimensions(upsideDown)).toMatchObject({ width: 640, height: 480 });
  });

  it('gives null for a file that is no image and for one that is missing', async () => {
    const junk = path.join(dir, 'junk.png');
    writeFileSync(junk, 'not an image at all');
    expect(await imageDimensions(junk)).toBeNull();
    expect(await imageDimensions(path.join(dir, 'missing.png'))).toBeNull();
  });
});

describe('the media processor on an image', () => {
  it('reads an image without ffprobe, and asks ffprobe when the header is unknown to it', async () => {
    const spawned = vi.spyOn(childProcesses, 'spawnChild');
    const processor = createMediaProcessor({
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
      log: { warn: vi.fn() },
    });
    expect(await processor.isAvailable()).toBe(true);
    spawned.mockClear();
    expect(await processor.probe(makeImage('b.png', '30x20'), 'image')).toEqual({
      width: 30,
      height: 20,
      durationSeconds: null,
    });
    expect(spawned).not.toHaveBeenCalled();
    // A header image-size cannot read: ffprobe is asked, as before.
    const junk = path.join(dir, 'junk.jpg');
    writeFileSync(junk, 'still not an image');
    expect(await processor.probe(junk, 'image')).toEqual({
      width: null,
      height: null,
      durationSeconds: null,
    });
    expect(spawned.mock.calls.map((call) => call[0])).toEqual(['ffprobe']);
    spawned.mockRestore();
  });
});

describe('the thumbnail of an image', () => {
  const processor = () =>
    createMediaProcessor({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', log: { warn: vi.fn() } });

  it('is made in this process, fitted in 480×960, as WebP', async () => {
    const made = processor();
    expect(await made.isAvailable()).toBe(true);
    const spawned = vi.spyOn(childProcesses, 'spawnChild');
    for (const [name, size, expected] of [
      ['wide.png', '1200x600', [480, 240]],
      ['tall.jpg', '300x1500', [192, 960]],
      ['small.gif', '40x30', [40, 30]],
    ] as const) {
      const thumbnail = await made.makeThumbnail(makeImage(name, size), path.join(dir, `${name}-thumb`), {
        kind: 'image',
        durationSeconds: null,
      });
      expect(thumbnail, name).toMatchObject({ mimeType: 'image/webp', extension: 'webp' });
      expect(await imageDimensions(thumbnail?.path ?? ''), name).toMatchObject({
        width: expected[0],
        height: expected[1],
      });
    }
    expect(spawned).not.toHaveBeenCalled();
    spawned.mockRestore();
  });

  it('stands as the photo is seen: an EXIF quarter turn is applied', async () => {
    const jpeg = readFileSync(makeImage('landscape.jpg', '640x480'));
    const turned = path.join(dir, 'turned-for-thumb.jpg');
    writeFileSync(turned, withExifOrientation(jpeg, 6));
    const thumbnail = await processor().makeThumbnail(turned, path.join(dir, 'turned-thumb'), {
      kind: 'image',
      durationSeconds: null,
    });
    // 640×480 stored, seen 480×640: the thumbnail (no EXIF left in it) is the upright one, not 480×360.
    expect(await imageDimensions(thumbnail?.path ?? '')).toMatchObject({ width: 480, height: 640 });
  });

  it('falls back to ffmpeg for a format libvips does not read, and gives null for junk', async () => {
    const made = processor();
    expect(await made.isAvailable()).toBe(true);
    const spawned = vi.spyOn(childProcesses, 'spawnChild');
    const bitmap = await made.makeThumbnail(makeImage('old.bmp', '64x48'), path.join(dir, 'bmp-thumb'), {
      kind: 'image',
      durationSeconds: null,
    });
    expect(bitmap?.path).toMatch(/bmp-thumb\.(webp|jpg)$/);
    expect(await imageDimensions(bitmap?.path ?? '')).toMatchObject({ width: 64, height: 48 });
    expect(spawned.mock.calls.map((call) => call[0])).toEqual(['ffmpeg']);
    const junk = path.join(dir, 'junk-for-thumb.png');
    writeFileSync(junk, 'not an image at all');
    expect(
      await made.makeThumbnail(junk, path.join(dir, 'junk-thumb'), { kind: 'image', durationSeconds: null }),
    ).toBeNull();
    spawned.mockRestore();
  });
});
