import { type WatermarkInput, watermarkBox } from '@relaycast/shared/watermarks';

/**
 * The ffmpeg command that burns a watermark into a photo or a video, in one pass (docs/watermarks.md). The same
 * graph serves both: `scale2ref` sizes the mark against the media (inside it `iw` is the media's width and
 * `mdar` the mark's aspect ratio: ffmpeg 5.1), `colorchannelmixer` sets its opacity and `overlay` places it.
 * A video is encoded once (H.264, the audio copied as it is); an image keeps its format (JPEG otherwise).
 */

export type WatermarkPlacement = Pick<WatermarkInput, 'opacity' | 'size' | 'position' | 'margin'>;

export interface RenderFormat {
  extension: 'jpg' | 'png' | 'webp' | 'mp4';
  mimeType: 'image/jpeg' | 'image/png' | 'image/webp' | 'video/mp4';
}

/** What a watermarked copy of a file of this type is written as. */
export function renderFormatOf(kind: 'image' | 'video', mimeType: string): RenderFormat {
  if (kind === 'video') return { extension: 'mp4', mimeType: 'video/mp4' };
  if (mimeType === 'image/png') return { extension: 'png', mimeType: 'image/png' };
  if (mimeType === 'image/webp') return { extension: 'webp', mimeType: 'image/webp' };
  return { extension: 'jpg', mimeType: 'image/jpeg' };
}

function fraction(value: number): string {
  return String(Math.round(value * 10_000) / 10_000);
}

/** The filter graph: input 0 is the media, input 1 the mark's image; the result is `[out]`. */
export function watermarkFilter(placement: WatermarkPlacement, kind: 'image' | 'video'): string {
  const box = watermarkBox(placement);
  const margin = fraction(box.margin);
  const x = { left: `W*${margin}`, center: '(W-w)/2', right: `W-w-W*${margin}` }[box.horizontal];
  const y = { top: `H*${margin}`, center: '(H-h)/2', bottom: `H-h-H*${margin}` }[box.vertical];
  const alpha = fraction(placement.opacity / 100);
  const overlay = `overlay=x='${x}':y='${y}'${kind === 'video' ? ':shortest=1' : ''}`;
  const tail = kind === 'video' ? ',format=yuv420p' : '';
  return [
    `[1:v][0:v]scale2ref=w='iw*${fraction(box.width)}':h='ow/mdar'[wm][base]`,
    `[wm]format=rgba,colorchannelmixer=aa=${alpha}[wma]`,
    `[base][wma]${overlay}${tail}[out]`,
  ].join(';');
}

/** The arguments of the one ffmpeg run that writes `output` from `media` and the mark's image `mark`. */
export function watermarkArgs(
  input: { media: string; mark: string; output: string },
  placement: WatermarkPlacement,
  kind: 'image' | 'video',
  format: RenderFormat,
): string[] {
  const head = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', input.media];
  const filter = ['-filter_complex', watermarkFilter(placement, kind), '-map', '[out]'];
  if (kind === 'video') {
    return [
      ...head,
      // The still mark repeats for every frame; `shortest=1` ends with the video.
      '-loop',
      '1',
      '-i',
      input.mark,
      ...filter,
      '-map',
      '0:a?',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-c:a',
      'copy',
      '-movflags',
      '+faststart',
      input.output,
    ];
  }
  const quality = format.extension === 'jpg' ? ['-q:v', '2'] : [];
  return [...head, '-i', input.mark, ...filter, '-frames:v', '1', ...quality, '-update', '1', input.output];
}
