import type { Readable } from 'node:stream';
import { spawnChild } from '../../lib/child-processes';

/** How long one image conversion may take. */
const JPEG_CONVERSION_TIMEOUT_MS = 30_000;

/**
 * An image converted to JPEG by ffmpeg (best quality that keeps the size sensible, transparency flattened), for
 * platforms that take JPEG only (docs/decisions/0027-onboarding.md). Reads the source from `input`.
 */
export async function convertToJpeg(ffmpegPath: string, input: NodeJS.ReadableStream): Promise<Buffer> {
  const child = spawnChild(
    ffmpegPath,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      'pipe:0',
      '-frames:v',
      '1',
      '-q:v',
      '2',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      'pipe:1',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true },
  );
  const timer = setTimeout(() => child.kill('SIGKILL'), JPEG_CONVERSION_TIMEOUT_MS);
  const chunks: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + String(chunk)).slice(-2000);
  });
  // ffmpeg may stop reading early (one frame is enough): a closed pipe is not an error here.
  child.stdin?.on('error', () => {});
  if (child.stdin) (input as Readable).pipe(child.stdin);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    const jpeg = Buffer.concat(chunks);
    if (code !== 0 || jpeg.length === 0)
      throw new Error(`could not convert the image to JPEG: ${stderr.trim()}`);
    return jpeg;
  } finally {
    clearTimeout(timer);
  }
}
