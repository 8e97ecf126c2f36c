import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { TEST_ORIGIN } from '../../../test/test-app';

/** Real media made with the system's ffmpeg at test time (nothing binary is committed). */
export interface MediaFixtures {
  dir: string;
  /** 64×64 red PNG. */
  png: Buffer;
  /** 640×480 JPEG: its thumbnail must come out 480 px wide. */
  jpeg: Buffer;
  /** 2-second 320×240 H.264 MP4. */
  mp4: Buffer;
  cleanup(): void;
}

export function makeMediaFixtures(): MediaFixtures {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-media-fixtures-'));
  const ffmpeg = (...args: string[]) =>
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'pipe' });
  ffmpeg('-f', 'lavfi', '-i', 'color=c=red:s=64x64', '-frames:v', '1', path.join(dir, 'red.png'));
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=s=640x480', '-frames:v', '1', path.join(dir, 'photo.jpg'));
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=320x240:rate=25',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    path.join(dir, 'clip.mp4'),
  );
  return {
    dir,
    png: readFileSync(path.join(dir, 'red.png')),
    jpeg: readFileSync(path.join(dir, 'photo.jpg')),
    mp4: readFileSync(path.join(dir, 'clip.mp4')),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A valid PNG padded with trailing bytes to exactly `size` bytes (still sniffed as PNG). */
export function pngOfSize(png: Buffer, size: number): Buffer {
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(filename: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----relaycast${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

export function uploadFile(app: FastifyInstance, cookie: string, filename: string, content: Buffer) {
  const body = multipartFile(filename, content);
  return app.inject({
    method: 'POST',
    url: '/api/media',
    payload: body.payload,
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': body.contentType },
  });
}

/** Every file under a directory (recursively), as paths relative to it; [] when it does not exist. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}
