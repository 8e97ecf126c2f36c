import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MediaItem } from '@relaycast/shared/media';
import type { Watermark, WatermarkInput } from '@relaycast/shared/watermarks';
import { expect } from 'vitest';
import type { SignedInUser } from '../../../test/auth-requests';
import type { TestApp } from '../../../test/test-app';
import { uploadFile } from '../media/media.test-support';

/** Media made with ffmpeg at test time, and a frame decoded back to raw RGB to read pixels. */

const ffmpeg = (...args: string[]) =>
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
    stdio: 'pipe',
  });

export interface WatermarkFixtures {
  /** 400×300 black PNG. */
  photo: Buffer;
  /** 100×50 opaque red PNG: the mark. */
  mark: Buffer;
  /** 4-second 320×240 black H.264 MP4 with an AAC tone. */
  video: Buffer;
  cleanup(): void;
}

export function makeWatermarkFixtures(): WatermarkFixtures {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-watermark-fixtures-'));
  ffmpeg('-f', 'lavfi', '-i', 'color=c=black:s=400x300', '-frames:v', '1', path.join(dir, 'photo.png'));
  ffmpeg('-f', 'lavfi', '-i', 'color=c=red:s=100x50', '-frames:v', '1', path.join(dir, 'mark.png'));
  ffmpeg(
    ...['-f', 'lavfi', '-i', 'color=c=black:s=320x240:d=4:r=25', '-f', 'lavfi', '-i', 'sine=d=4'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path.join(dir, 'clip.mp4')],
  );
  return {
    photo: readFileSync(path.join(dir, 'photo.png')),
    mark: readFileSync(path.join(dir, 'mark.png')),
    video: readFileSync(path.join(dir, 'clip.mp4')),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The first frame of an image or video file's bytes as RGB, with a reader of one pixel. */
export function firstFrame(bytes: Buffer, width: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-frame-'));
  try {
    const file = path.join(dir, 'input');
    writeFileSync(file, bytes);
    const rgb = execFileSync(
      'ffmpeg',
      ['-v', 'error', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    return (x: number, y: number) => {
      const at = (y * width + x) * 3;
      return [rgb[at], rgb[at + 1], rgb[at + 2]] as [number, number, number];
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether the streams of a file's bytes include an audio stream (ffprobe). */
export function hasAudio(bytes: Buffer): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-probe-'));
  try {
    const file = path.join(dir, 'input');
    writeFileSync(file, bytes);
    const out = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type',
      '-of',
      'csv',
      file,
    ]);
    return out.toString().includes('audio');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function upload(
  t: TestApp,
  user: SignedInUser,
  name: string,
  bytes: Buffer,
): Promise<MediaItem> {
  const res = await uploadFile(t.app, user.cookie, name, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function saveWatermark(
  user: SignedInUser,
  input: Partial<WatermarkInput> & { imageMediaId: string },
): Promise<Watermark> {
  const res = await user.send('POST', '/api/watermarks', {
    name: 'Logo',
    opacity: 50,
    size: 25,
    position: 'bottom-right',
    margin: 5,
    ...input,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
