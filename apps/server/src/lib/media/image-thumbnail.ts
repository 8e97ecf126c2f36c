import { stat } from 'node:fs/promises';
import type { Thumbnail } from './ffmpeg';

/**
 * An image's thumbnail made in this process by libvips (`sharp`), not by an ffmpeg process: for a small PNG
 * about 2 ms of CPU against ~90 ms for ffmpeg (most of it starting the process), for a 4000×3000 JPEG about
 * 27 ms against ~140 ms (libvips decodes a JPEG already shrunk). On a 2-core server under a team's load the
 * uploads' ffmpeg processes took a fifth of the machine (docs/decisions/0114-image-thumbnails-in-process.md).
 *
 * The EXIF orientation is applied (the thumbnail stands as the photo is seen, matching the dimensions read from
 * the header), an animated image gives its first frame, and the result is WebP, as ffmpeg's with libwebp.
 * Decoding the whole file is what proves it is an image. Null when libvips cannot read it: the caller asks
 * ffmpeg then, which reads a few formats libvips does not (a HEIC photo, say).
 */

/** libvips's pixel limit: an image header may claim more pixels than any photo has (a decompression bomb). */
const MAX_INPUT_PIXELS = 100_000_000;
/** Thumbnails made at once: each holds a worker thread of libuv's pool, which file reads share. */
const AT_ONCE = 2;

type Sharp = typeof import('sharp').default;
let loaded: Promise<Sharp | null> | undefined;

/** sharp loaded on first use (a server that never receives an image never maps libvips), with no cache. */
function loadSharp(): Promise<Sharp | null> {
  loaded ??= import('sharp')
    .then(({ default: sharp }) => {
      // No operation cache: each thumbnail reads a different file, and the cache would keep memory.
      sharp.cache(false);
      // One libvips thread per image: AT_ONCE images use at most AT_ONCE threads of the pool.
      sharp.concurrency(1);
      return sharp;
    })
    .catch(() => null);
  return loaded;
}

let running = 0;
const waiting: (() => void)[] = [];

async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** `<outputBase>.webp` fitted inside `box`, or null when libvips cannot read `input`. */
export async function imageThumbnail(
  input: string,
  outputBase: string,
  box: { width: number; height: number },
  timeoutMs: number,
): Promise<Thumbnail | null> {
  const sharp = await loadSharp();
  if (!sharp) return null;
  const output = `${outputBase}.webp`;
  try {
    await turn(() =>
      sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
        .autoOrient()
        .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .timeout({ seconds: Math.max(1, Math.ceil(timeoutMs / 1000)) })
        .toFile(output),
    );
    return (await stat(output)).size > 0 ? { path: output, mimeType: 'image/webp', extension: 'webp' } : null;
  } catch {
    return null;
  }
}
