/** MediaRecorder settings for the outgoing stream (docs/streaming.md §4). */

/** H.264 first (the server can copy it), VP8 when the browser cannot encode H.264. */
export const RECORDER_MIME_TYPES = [
  'video/webm;codecs=h264,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
] as const;

/** A short timeslice keeps the delay low; each chunk goes over the WebSocket as it arrives. */
export const RECORDER_TIMESLICE_MS = 250;

/** Chromium's default is a keyframe every ~5 s; platforms want one every 2 s. */
export const KEYFRAME_INTERVAL_MS = 2000;

export function pickRecorderMimeType(isTypeSupported: (type: string) => boolean): string | null {
  return RECORDER_MIME_TYPES.find((type) => isTypeSupported(type)) ?? null;
}

/** Options for `new MediaRecorder()`, including Chromium's keyframe interval (not yet in the DOM types). */
export function recorderOptions(mimeType: string, videoBitrateKbps: number): MediaRecorderOptions {
  return {
    mimeType,
    // H.264 at the stream's size is copied to the platforms as it is (decision 0104): the configured bitrate.
    videoBitsPerSecond: Math.round(videoBitrateKbps * 1000),
    audioBitsPerSecond: 128_000,
    videoKeyFrameIntervalDuration: KEYFRAME_INTERVAL_MS,
  } as MediaRecorderOptions;
}
