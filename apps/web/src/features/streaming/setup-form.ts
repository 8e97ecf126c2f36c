import {
  checkRtmpUrl,
  STREAMING_MESSAGES,
  type StreamDestinationInput,
  type StreamPlatformId,
} from '@relaycast/shared/streaming';

export interface SetupFormValues {
  rtmpUrl: string;
  streamKey: string;
}

/**
 * The setup modal's check, with the same rules and messages as the server's schema: both fields non-blank
 * after trimming ('Please enter both stream key and RTMP URL'), then an rtmp:// or rtmps:// URL.
 * Returns the one message to show, or the trimmed input to send.
 */
export function validateSetupForm(
  platform: StreamPlatformId,
  values: SetupFormValues,
):
  | { ok: true; input: StreamDestinationInput }
  | { ok: false; message: string; field: keyof SetupFormValues } {
  const rtmpUrl = values.rtmpUrl.trim();
  const streamKey = values.streamKey.trim();
  if (rtmpUrl === '' || streamKey === '') {
    return {
      ok: false,
      message: STREAMING_MESSAGES.destinationIncomplete,
      field: rtmpUrl === '' ? 'rtmpUrl' : 'streamKey',
    };
  }
  const problem = checkRtmpUrl(rtmpUrl);
  if (problem) return { ok: false, message: problem, field: 'rtmpUrl' };
  return { ok: true, input: { platform, rtmpUrl, streamKey, enabled: true } };
}
