import { imageSizeFromFile } from 'image-size/fromFile';
import type { ProbeResult } from './ffmpeg';

/**
 * An image's displayed width and height read from its header (`image-size`: PNG, JPEG, GIF, WebP, AVIF, HEIF and
 * more), without starting ffprobe: a process costs ~65 ms of CPU on a 2-core server, an upload's largest share
 * (docs/decisions/0086). EXIF orientations 5-8 (a quarter turn) swap the two, as ffprobe's rotation does for a
 * video. Null when the header cannot be read: the caller asks ffprobe then; the thumbnail (libvips, or ffmpeg
 * when libvips cannot read the file) is still what proves the file decodes.
 */
export async function imageDimensions(file: string): Promise<ProbeResult | null> {
  try {
    const size = await imageSizeFromFile(file);
    const { width, height } = size;
    if (!width || !height || width < 1 || height < 1) return null;
    const turned = size.orientation !== undefined && size.orientation >= 5 && size.orientation <= 8;
    return turned
      ? { width: height, height: width, durationSeconds: null }
      : { width, height, durationSeconds: null };
  } catch {
    return null;
  }
}
