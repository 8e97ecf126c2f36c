import { type WatermarkInput, watermarkBox } from '@relaycast/shared/watermarks';

/**
 * The ffmpeg command that burns a watermark into a photo or a video, in one pass (docs/watermarks.md). The same
 * graph serves both: `scale2ref` sizes the mark against the media (inside it `iw` is the media's width and
 * `mdar` the mark's aspect ratio: ffmpeg 5.1), `colorchannelmixer` sets its opacity and `overlay` places it.
 * A video is encoded once (H.264, the audio copied as it is); an image keeps its format (JPEG otherwise).
 */

export type WatermarkPlacement = Pick<WatermarkInput, 'opacity' | 'size' | 'position' | 'margin'>;

export type WatermarkKind = 'image' | 'gif' | 'video';

export interface RenderFormat {
  extension: 'jpg' | 'png' | 'webp' | 'gif' | 'mp4';
  mimeType: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'video/mp4';
}

/** What a watermarked copy of a file of this type is written as. */
export function renderFormatOf(kind: WatermarkKind, mimeType: string): RenderFormat {
  if (kind === 'video') return { extension: 'mp4', mimeType: 'video/mp4' };
  if (kind === 'gif') return { extension: 'gif', mimeType: 'image/gif' };
  if (mimeType === 'image/png') return { extension: 'png', mimeType: 'image/png' };
  if (mimeType === 'image/webp') return { extension: 'webp', mimeType: 'image/webp' };
  return { extension: 'jpg', mimeType: 'image/jpeg' };
}

function fraction(value: number): string {
  return String(Math.round(value * 10_000) / 10_000);
}

/**
 * The filter graph: input 0 is the media, input 1 the mark's image; the result is `[out]`. An animated GIF is
 * watermarked frame by frame and given a new palette in the same pass (`palettegen` sees every frame, then
 * `paletteuse` maps them), so it keeps its animation and its colours.
 */
export function watermarkFilter(
  placement: WatermarkPlacement,
  kind: WatermarkKind,
  /** The graph's labels: the video editor's export lays the mark on its own cut (`[unmarked]`). */
  labels: { media: string; mark: string; out: string } = { media: '[0:v]', mark: '[1:v]', out: '[out]' },
): string {
  const box = watermarkBox(placement);
  const margin = fraction(box.margin);
  const x = { left: `W*${margin}`, center: '(W-w)/2', right: `W-w-W*${margin}` }[box.horizontal];
  const y = { top: `H*${margin}`, center: '(H-h)/2', bottom: `H-h-H*${margin}` }[box.vertical];
  const alpha = fraction(placement.opacity / 100);
  const overlay = `overlay=x='${x}':y='${y}'${kind === 'image' ? '' : ':shortest=1'}`;
  const head = [
    `${labels.mark}${labels.media}scale2ref=w='iw*${fraction(box.width)}':h='ow/mdar'[wm][base]`,
    `[wm]format=rgba,colorchannelmixer=aa=${alpha}[wma]`,
  ];
  if (kind === 'gif') {
    return [
      ...head,
      `[base][wma]${overlay},split[frames][forpalette]`,
      '[forpalette]palettegen=stats_mode=full[palette]',
      `[frames][palette]paletteuse=dither=sierra2_4a${labels.out}`,
    ].join(';');
  }
  return [...head, `[base][wma]${overlay}${kind === 'video' ? ',format=yuv420p' : ''}${labels.out}`].join(
    ';',
  );
}

/**
 * The arguments of the one ffmpeg run that writes `output` from `media` and the mark's image `mark`; with
 * `progress`, ffmpeg reports its output time on stdout (`-progress pipe:1`, read by the Apply now job).
 */
export function watermarkArgs(
  input: { media: string; mark: string; output: string; progress?: boolean },
  placement: WatermarkPlacement,
  kind: WatermarkKind,
  format: RenderFormat,
): string[] {
  const report = input.progress ? ['-progress', 'pipe:1', '-nostats'] : [];
  const head = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...report, '-i', input.media];
  const filter = ['-filter_complex', watermarkFilter(placement, kind), '-map', '[out]'];
  if (kind === 'gif') {
    // Every frame of the GIF (its own timing kept), looping forever as GIFs on social platforms do.
    return [...head, '-loop', '1', '-i', input.mark, ...filter, '-loop', '0', '-f', 'gif', input.output];
  }
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
