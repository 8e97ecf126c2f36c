import { describe, expect, it } from 'vitest';
import {
  checkRtmpUrl,
  customSceneInputSchema,
  FIXED_SCENES,
  getStreamPlatform,
  ingestClientMessageSchema,
  ingestFormatSchema,
  ingestVideoCodecOf,
  ingestVideoPlan,
  ingestWebSocketUrl,
  STREAM_PLATFORMS,
  STREAMING_MESSAGES,
  sourceDropsOf,
  streamDestinationInputSchema,
  streamDestinationPatchSchema,
} from './streaming';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('stream platforms', () => {
  it('lists the eight platforms with their names, in order', () => {
    expect(STREAM_PLATFORMS.map((p) => p.name)).toEqual([
      'YouTube Live',
      'Facebook Live',
      'Twitch',
      'LinkedIn Live',
      'Twitter Live',
      'Instagram Live',
      'TikTok Live',
      'Custom RTMP',
    ]);
  });

  it('prefills published ingest servers and none for Twitter or per-session platforms', () => {
    expect(getStreamPlatform('youtube').defaultRtmpUrl).toBe('rtmps://a.rtmps.youtube.com:443/live2');
    expect(getStreamPlatform('twitch').defaultRtmpUrl).toBe('rtmp://live.twitch.tv/app');
    expect(getStreamPlatform('twitter').defaultRtmpUrl).toBeNull();
    expect(getStreamPlatform('instagram').defaultRtmpUrl).toBeNull();
    for (const platform of STREAM_PLATFORMS) {
      if (platform.defaultRtmpUrl) expect(checkRtmpUrl(platform.defaultRtmpUrl)).toBeNull();
    }
  });
});

describe('destination input', () => {
  it('trims key and URL', () => {
    const parsed = streamDestinationInputSchema.parse({
      platform: 'twitch',
      rtmpUrl: '  rtmp://live.twitch.tv/app  ',
      streamKey: ' live_123 ',
    });
    expect(parsed).toMatchObject({
      rtmpUrl: 'rtmp://live.twitch.tv/app',
      streamKey: 'live_123',
      enabled: true,
    });
  });

  it.each([
    { rtmpUrl: '', streamKey: 'abc' },
    { rtmpUrl: 'rtmp://a/b', streamKey: '   ' },
    { rtmpUrl: '  ', streamKey: '' },
    {},
  ])('refuses a blank key or URL with the exact message (%j)', (input) => {
    const result = streamDestinationInputSchema.safeParse({ platform: 'custom', ...input });
    expect(messagesOf(result)).toEqual([STREAMING_MESSAGES.destinationIncomplete]);
    expect(STREAMING_MESSAGES.destinationIncomplete).toBe('Please enter both stream key and RTMP URL');
  });

  it.each(['http://example.com/live', 'example.com/live', 'srt://x:9000', 'ftp://a/b'])(
    'refuses %s, which is not rtmp:// or rtmps://',
    (rtmpUrl) => {
      const result = streamDestinationInputSchema.safeParse({ platform: 'custom', rtmpUrl, streamKey: 'k' });
      expect(messagesOf(result)).toEqual([STREAMING_MESSAGES.rtmpProtocol]);
    },
  );

  it('accepts rtmps with a port and refuses an unknown platform', () => {
    expect(
      streamDestinationInputSchema.safeParse({
        platform: 'youtube',
        rtmpUrl: 'RTMPS://a.b:443/x',
        streamKey: 'k',
      }).success,
    ).toBe(true);
    const result = streamDestinationInputSchema.safeParse({
      platform: 'myspace',
      rtmpUrl: 'rtmp://a/b',
      streamKey: 'k',
    });
    expect(messagesOf(result)).toContain(STREAMING_MESSAGES.unknownPlatform);
  });

  it('patches keep the same rules for what they change', () => {
    expect(streamDestinationPatchSchema.safeParse({ enabled: false }).success).toBe(true);
    expect(messagesOf(streamDestinationPatchSchema.safeParse({ streamKey: '  ' }))).toEqual([
      STREAMING_MESSAGES.destinationIncomplete,
    ]);
    expect(messagesOf(streamDestinationPatchSchema.safeParse({ rtmpUrl: 'http://x' }))).toEqual([
      STREAMING_MESSAGES.rtmpProtocol,
    ]);
  });
});

describe('scenes', () => {
  it('has the three fixed scenes of the spec', () => {
    expect(FIXED_SCENES.map((s) => [s.id, s.name, s.sources])).toEqual([
      ['1', 'Main Scene', ['camera', 'microphone']],
      ['2', 'Screen Share', ['screen', 'microphone']],
      ['3', 'Picture in Picture', ['camera', 'screen', 'microphone']],
    ]);
  });

  it('validates custom scenes and orders their sources', () => {
    expect(customSceneInputSchema.parse({ name: ' Talk ', sources: ['microphone', 'camera'] })).toEqual({
      name: 'Talk',
      sources: ['camera', 'microphone'],
      cameraCorner: 'bottom-right',
    });
    expect(messagesOf(customSceneInputSchema.safeParse({ name: ' ', sources: ['camera'] }))).toEqual([
      STREAMING_MESSAGES.sceneNameRequired,
    ]);
    expect(messagesOf(customSceneInputSchema.safeParse({ name: 'x', sources: [] }))).toEqual([
      STREAMING_MESSAGES.sceneSourcesRequired,
    ]);
  });
});

describe('ingest protocol', () => {
  it('parses control messages and builds the socket URL from the page location', () => {
    expect(ingestClientMessageSchema.parse({ type: 'end' })).toEqual({ type: 'end' });
    expect(ingestClientMessageSchema.safeParse({ type: 'launch' }).success).toBe(false);
    // The stream is WebM (the server reads it as Matroska): no greeting declares its format.
    expect(ingestClientMessageSchema.safeParse({ type: 'hello', mimeType: 'video/webm' }).success).toBe(
      false,
    );
    expect(
      ingestWebSocketUrl('/api/streaming/sessions/s1/ingest', { protocol: 'https:', host: 'a.example' }),
    ).toBe('wss://a.example/api/streaming/sessions/s1/ingest');
  });
});

describe('checkRtmpUrl', () => {
  it.each(['rtmp://', 'rtmp:// spaced.example/app', 'rtmp://-bad/app', 'rtmp://a.example/app key'])(
    'calls %s invalid',
    (url) => {
      expect(checkRtmpUrl(url)).toBe(STREAMING_MESSAGES.rtmpInvalid);
    },
  );

  it('accepts hosts, ports, paths and query strings', () => {
    expect(checkRtmpUrl('rtmp://127.0.0.1:1935/app')).toBeNull();
    expect(checkRtmpUrl('rtmps://b.rtmps.youtube.com:443/live2?backup=1')).toBeNull();
  });
});

describe('the studio video: copied or encoded (decision 0104)', () => {
  const settings = { resolution: '720p' as const, fps: 30 };
  const h264 = { video: 'h264' as const, width: 1280, height: 720, fps: 30 };

  it('copies H.264 at the stream settings size and rate, encodes anything else and says why', () => {
    expect(ingestVideoPlan(settings, h264)).toEqual({ mode: 'copy', reason: null });
    expect(ingestVideoPlan(settings, { ...h264, video: 'vp8' })).toEqual({ mode: 'encode', reason: 'codec' });
    expect(ingestVideoPlan(settings, { ...h264, width: 1920, height: 1080 })).toEqual({
      mode: 'encode',
      reason: 'size',
    });
    expect(ingestVideoPlan(settings, { ...h264, fps: 60 })).toEqual({ mode: 'encode', reason: 'fps' });
    expect(
      ingestVideoPlan({ resolution: '1080p', fps: 60 }, { ...h264, width: 1920, height: 1080, fps: 60 }),
    ).toEqual({ mode: 'copy', reason: null });
    expect(ingestVideoPlan(settings, null)).toEqual({ mode: 'encode', reason: 'unknown' });
  });

  it('reads the codec from the recorder type and puts the format in the socket URL', () => {
    expect(ingestVideoCodecOf('video/webm;codecs=h264,opus')).toBe('h264');
    expect(ingestVideoCodecOf('video/x-matroska;codecs=avc1.42E01F,opus')).toBe('h264');
    expect(ingestVideoCodecOf('video/webm;codecs=vp8,opus')).toBe('vp8');
    expect(ingestVideoCodecOf('video/webm')).toBe('other');
    const url = ingestWebSocketUrl(
      '/api/streaming/sessions/s1/ingest',
      { protocol: 'https:', host: 'a.example' },
      h264,
    );
    expect(url).toBe(
      'wss://a.example/api/streaming/sessions/s1/ingest?video=h264&width=1280&height=720&fps=30',
    );
    expect(ingestFormatSchema.parse(Object.fromEntries(new URL(url).searchParams))).toEqual(h264);
    expect(
      ingestFormatSchema.safeParse({ video: 'h264', width: '0', height: '720', fps: '30' }).success,
    ).toBe(false);
  });
});

describe('source drops from the recorded events', () => {
  it('pairs each loss with its return, and a last loss with the end', () => {
    const start = '2026-11-26T10:00:00.000Z';
    const events = [
      { kind: 'source_lost' as const, at: '2026-11-26T10:00:12.000Z' },
      { kind: 'source_returned' as const, at: '2026-11-26T10:00:20.500Z' },
      { kind: 'source_lost' as const, at: '2026-11-26T10:01:00.000Z' },
    ];
    expect(sourceDropsOf(events, start, '2026-11-26T10:03:00.000Z')).toEqual([
      { atSeconds: 12, seconds: 8.5, returned: true },
      { atSeconds: 60, seconds: 120, returned: false },
    ]);
    expect(sourceDropsOf([], start, null)).toEqual([]);
  });
});
