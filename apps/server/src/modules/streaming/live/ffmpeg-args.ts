/*
 * Over 300 lines on purpose: every ffmpeg argument list of the live pipeline (ingest copy or encode, the library
 * file, egress, recorder, program, source reader, slate) in one place, built from the user's stream settings, so
 * their shared parts (2 s keyframes, AAC 48 kHz) stay one. argv arrays only.
 */
import { RESOLUTION_SIZES, type Resolution } from '@relaycast/shared/settings';

export type StreamResolution = Resolution;

/** Keyframes every 2 s: what YouTube, Facebook, Twitch and LinkedIn ask for. */
export const KEYFRAME_SECONDS = 2;
export const AUDIO_BITRATE_KBPS = 160;

export interface EncodeSettings {
  resolution: StreamResolution;
  bitrateKbps: number;
  fps: number;
  /** Only x264 is offered. */
  encoder: string;
}

const PROGRESS_ARGS = ['-progress', 'pipe:1', '-stats_period', '1'];

function videoEncoderOf(encoder: string): string {
  if (encoder === 'x264') return 'libx264';
  throw new Error(`unsupported encoder ${encoder}`);
}

/** Scale into the frame keeping the aspect ratio (bars where needed), constant frame rate. */
export function videoFilterFor(settings: EncodeSettings): string {
  const { width, height } = RESOLUTION_SIZES[settings.resolution];
  return [
    `scale=${width}:${height}:force_original_aspect_ratio=decrease`,
    `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2`,
    'setsar=1',
    `fps=${settings.fps}`,
    'format=yuv420p',
  ].join(',');
}

/**
 * x264's speed preset, by pixels per second: 1080p60 and 4K should still encode in real time where they can, so
 * larger outputs trade compression for speed (a 2-core machine fell behind at 1080p60 on `veryfast`, and on
 * `superfast` too once the browser ran beside it: the default is 720p30, decision 0079). The bitrate stays what
 * the user chose.
 */
export function x264PresetFor(settings: Pick<EncodeSettings, 'resolution' | 'fps'>): string {
  const { width, height } = RESOLUTION_SIZES[settings.resolution];
  const pixelsPerSecond = width * height * settings.fps;
  if (pixelsPerSecond <= 1920 * 1080 * 30) return 'veryfast';
  if (pixelsPerSecond <= 1920 * 1080 * 60) return 'superfast';
  return 'ultrafast';
}

/** Audio to AAC 48 kHz stereo (browsers record Opus), which every platform takes: every encode, and a copy. */
const AUDIO_TO_AAC_ARGS = [
  ...[
    '-af',
    'aresample=async=1000',
    '-c:a',
    'aac',
    '-b:a',
    `${AUDIO_BITRATE_KBPS}k`,
    '-ar',
    '48000',
    '-ac',
    '2',
  ],
];

/** The output half shared by every encode: x264 CBR-ish at the chosen bitrate, 2 s GOP, AAC 48 kHz stereo. */
export function encodeOutputArgs(settings: EncodeSettings): string[] {
  const gop = String(settings.fps * KEYFRAME_SECONDS);
  const bitrate = `${settings.bitrateKbps}k`;
  return [
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-vf',
    videoFilterFor(settings),
    '-c:v',
    videoEncoderOf(settings.encoder),
    '-preset',
    x264PresetFor(settings),
    '-tune',
    'zerolatency',
    '-b:v',
    bitrate,
    '-maxrate',
    bitrate,
    '-bufsize',
    `${settings.bitrateKbps * 2}k`,
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
    ...AUDIO_TO_AAC_ARGS,
  ];
}

/**
 * Browser ingest: WebM/Matroska chunks on stdin, published to the relay. `copy`: the browser encoded H.264 at
 * the stream's size and rate, the video goes on as it is and only the audio becomes AAC (decision 0104);
 * `encode`: the server encodes it once to the user's settings.
 */
export function buildIngestArgs(
  settings: EncodeSettings,
  relayUrl: string,
  video: 'copy' | 'encode' = 'encode',
): string[] {
  const output =
    video === 'copy'
      ? ['-map', '0:v:0', '-map', '0:a:0?', '-c:v', 'copy', ...AUDIO_TO_AAC_ARGS]
      : encodeOutputArgs(settings);
  return [
    ...['-hide_banner', '-loglevel', 'error', '-fflags', '+genpts', '-f', 'matroska', '-i', 'pipe:0'],
    ...output,
    '-f',
    'flv',
    ...PROGRESS_ARGS,
    relayUrl,
  ];
}

/**
 * A pre-recorded stream: a library file read at its own pace (`-re`, and `-stream_loop -1` when it loops),
 * encoded once like the browser's stream (2 s keyframes, AAC 48 kHz stereo; silence when the file has no
 * audio) and published to the relay. Always re-encoded: a file's own GOPs and codecs are not trusted.
 */
export function buildMediaIngestArgs(
  settings: EncodeSettings,
  media: { file: string; loop: boolean; hasAudio: boolean },
  relayUrl: string,
): string[] {
  const output = encodeOutputArgs(settings);
  const silence = media.hasAudio ? [] : ['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo'];
  if (!media.hasAudio) output[output.indexOf('0:a:0?')] = '1:a:0';
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-re',
    ...(media.loop ? ['-stream_loop', '-1'] : []),
    '-i',
    media.file,
    ...silence,
    ...output,
    // The silence never ends: the stream ends with the video.
    ...(media.hasAudio ? [] : ['-shortest']),
    '-f',
    'flv',
    ...PROGRESS_ARGS,
    relayUrl,
  ];
}

/** Read the relay's stream and copy its first video and (if any) audio track as FLV: egress and recorder alike. */
function copyAsFlvArgs(relayUrl: string): string[] {
  return ['-i', relayUrl, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-f', 'flv'];
}

/**
 * One destination: read the relay, copy, write FLV to the platform. No re-encode. `tcUrl`: the push goes to the
 * local proxy bridge, and the platform must still see its own address (decision 0099).
 */
export function buildEgressArgs(relayUrl: string, destinationUrl: string, tcUrl?: string): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-rw_timeout',
    '15000000',
    ...copyAsFlvArgs(relayUrl),
    '-flvflags',
    'no_duration_filesize',
    ...PROGRESS_ARGS,
    ...(tcUrl ? ['-rtmp_tcurl', tcUrl] : []),
    destinationUrl,
  ];
}

/**
 * The recorder: FLV copied from the relay, written packet by packet, so whatever was received is on disk even
 * if the process is killed (a fragmented MP4 holds a whole GOP in memory until the next keyframe).
 */
export function buildRecorderArgs(relayUrl: string, outputPath: string): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    ...copyAsFlvArgs(relayUrl),
    ...PROGRESS_ARGS,
    outputPath,
  ];
}

/** The finished recording as an MP4 the library and browsers play (moov first, no re-encode). */
export function buildRemuxArgs(flvPath: string, mp4Path: string): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-i',
    flvPath,
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    mp4Path,
  ];
}

/** The platform's server URL plus the key as the last path segment (what OBS does with "Server" + "Key"). */
export function destinationUrlOf(rtmpUrl: string, streamKey: string): string {
  const [base, query] = rtmpUrl.split('?', 2) as [string, string | undefined];
  const joined = `${base.replace(/\/+$/, '')}/${streamKey}`;
  return query ? `${joined}?${query}` : joined;
}

/** The naive way (one full encode per destination), for the benchmark's comparison only. */
export function buildNaiveEncodeArgs(
  settings: EncodeSettings,
  inputUrl: string,
  destinationUrl: string,
): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-i',
    inputUrl,
    ...encodeOutputArgs(settings),
    '-f',
    'flv',
    destinationUrl,
  ];
}

/** What the slate must match so the platforms see one stream: the source's picture size, rate and audio. */
export interface SlateFormat {
  width: number;
  height: number;
  fps: number;
  sampleRate: number;
  channels: number;
}

/**
 * The slate (docs/decisions/0101-slate-on-dropped-source.md): a still image (or a dark frame saying "We’ll be
 * right back" when `fontFile` exists) with silence, encoded at real time to the source's size, rate and audio,
 * 2 s keyframes, as FLV on stdout for the program switcher.
 */
export function buildSlateArgs(format: SlateFormat, image: string | null, fontFile: string | null): string[] {
  const { width, height, fps } = format;
  const size = `${width}x${height}`;
  const video = image
    ? ['-loop', '1', '-framerate', String(fps), '-i', image]
    : ['-f', 'lavfi', '-i', `color=c=0x1f2937:s=${size}:r=${fps}`];
  // The default card says it; a chosen image says what its owner wants.
  const text =
    fontFile && !image
      ? `,drawtext=fontfile=${fontFile.replace(/[\\:',]/g, '\\$&')}:text=We’ll be right back:fontcolor=white:fontsize=h/12:x=(w-text_w)/2:y=(h-text_h)/2`
      : '';
  const gop = String(fps * KEYFRAME_SECONDS);
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'],
    ...video,
    ...[
      '-f',
      'lavfi',
      '-i',
      `anullsrc=r=${format.sampleRate}:cl=${format.channels === 1 ? 'mono' : 'stereo'}`,
    ],
    ...['-map', '0:v:0', '-map', '1:a:0'],
    '-vf',
    `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${fps},format=yuv420p${text}`,
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-b:v', '500k', '-maxrate', '500k'],
    ...['-bufsize', '1000k', '-g', gop, '-keyint_min', gop, '-sc_threshold', '0'],
    ...['-c:a', 'aac', '-b:a', '64k', '-ar', String(format.sampleRate), '-ac', String(format.channels)],
    ...['-f', 'flv', '-flush_packets', '1', 'pipe:1'],
  ];
}

/** The source as the switcher reads it: the relay's stream copied to FLV on stdout. */
export function buildSourceReaderArgs(relayUrl: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-analyzeduration', '500000'],
    ...copyAsFlvArgs(relayUrl),
    ...['-flush_packets', '1', 'pipe:1'],
  ];
}

/** The program: the switcher's FLV on stdin, copied to the relay key every destination and the recorder read. */
export function buildProgramArgs(relayUrl: string): string[] {
  return [
    // Live input: codec headers come first, so a short probe is enough (the default waits seconds).
    ...['-hide_banner', '-loglevel', 'error', '-analyzeduration', '500000', '-f', 'flv', '-i', 'pipe:0'],
    ...['-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-f', 'flv'],
    ...PROGRESS_ARGS,
    relayUrl,
  ];
}
