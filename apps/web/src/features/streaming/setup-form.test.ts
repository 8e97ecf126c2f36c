import { STREAMING_MESSAGES, streamDestinationInputSchema } from '@relaycast/shared/streaming';
import { describe, expect, it } from 'vitest';
import { validateSetupForm } from './setup-form';

describe('validateSetupForm', () => {
  it.each([
    { rtmpUrl: '', streamKey: 'abcd' },
    { rtmpUrl: 'rtmp://live.twitch.tv/app', streamKey: '' },
    { rtmpUrl: '   ', streamKey: '   ' },
    { rtmpUrl: 'rtmp://live.twitch.tv/app', streamKey: ' \t ' },
  ])('asks for both fields when one is blank after trimming: %o', (values) => {
    const result = validateSetupForm('twitch', values);
    expect(result).toMatchObject({ ok: false, message: 'Please enter both stream key and RTMP URL' });
  });

  it('points at the empty field', () => {
    expect(validateSetupForm('custom', { rtmpUrl: '', streamKey: 'k' })).toMatchObject({ field: 'rtmpUrl' });
    expect(validateSetupForm('custom', { rtmpUrl: 'rtmp://h/app', streamKey: '' })).toMatchObject({
      field: 'streamKey',
    });
  });

  it.each(['http://live.twitch.tv/app', 'srt://host:9000', 'live.twitch.tv/app', 'ftp://x'])(
    'refuses %s: only rtmp:// and rtmps://',
    (rtmpUrl) => {
      expect(validateSetupForm('custom', { rtmpUrl, streamKey: 'key' })).toEqual({
        ok: false,
        message: STREAMING_MESSAGES.rtmpProtocol,
        field: 'rtmpUrl',
      });
    },
  );

  it('refuses a URL with no host', () => {
    expect(validateSetupForm('custom', { rtmpUrl: 'rtmp:// /app', streamKey: 'key' })).toMatchObject({
      ok: false,
      message: STREAMING_MESSAGES.rtmpInvalid,
    });
  });

  it('trims and accepts rtmp and rtmps URLs, matching the server schema', () => {
    for (const rtmpUrl of ['  rtmp://127.0.0.1:1935/app ', 'rtmps://a.rtmps.youtube.com:443/live2']) {
      const result = validateSetupForm('youtube', { rtmpUrl, streamKey: '  abcd-1234  ' });
      expect(result).toEqual({
        ok: true,
        input: { platform: 'youtube', rtmpUrl: rtmpUrl.trim(), streamKey: 'abcd-1234', enabled: true },
      });
      if (result.ok) expect(streamDestinationInputSchema.safeParse(result.input).success).toBe(true);
    }
  });
});
