import { describe, expect, it } from 'vitest';
import { buildEgressArgs } from './ffmpeg-args';
import { rtmpAppOf, rtmpTargetOf } from './rtmp-target';

/** A destination URL as ffmpeg reads it, for the push through an account's proxy (decision 0099). */
describe('rtmpTargetOf', () => {
  it('keeps the path and query for the bridge and gives the tcUrl ffmpeg would send', () => {
    const youtube = rtmpTargetOf('rtmps://a.rtmps.youtube.com/live2/abcd-1234?backup=1');
    expect(youtube).toMatchObject({
      secure: true,
      host: 'a.rtmps.youtube.com',
      port: 443,
      tcUrl: 'rtmps://a.rtmps.youtube.com:443/live2',
    });
    expect(youtube?.localUrl(40_001)).toBe('rtmp://127.0.0.1:40001/live2/abcd-1234?backup=1');
    expect(rtmpTargetOf('rtmp://live.twitch.tv/app/live_1')).toMatchObject({
      secure: false,
      port: 1935,
      tcUrl: 'rtmp://live.twitch.tv:1935/app',
    });
    const v6 = rtmpTargetOf('rtmp://user:pw@[2001:db8::1]:1940/live/key');
    expect(v6).toMatchObject({ host: '2001:db8::1', port: 1940, tcUrl: 'rtmp://[2001:db8::1]:1940/live' });
    expect(v6?.localUrl(5)).toBe('rtmp://user:pw@127.0.0.1:5/live/key');
  });

  it('refuses what is not an rtmp(s) URL with a host', () => {
    expect(rtmpTargetOf('http://example.com/app/key')).toBeNull();
    expect(rtmpTargetOf('rtmp:///app/key')).toBeNull();
    expect(rtmpTargetOf('rtmp://host:99999/app/key')).toBeNull();
  });

  it('derives the app as ffmpeg does: one segment, an instance, ondemand, slist', () => {
    expect(rtmpAppOf('/live2/key')).toBe('live2');
    expect(rtmpAppOf('/app/instance/key')).toBe('app/instance');
    expect(rtmpAppOf('/app/mp4:dir/file')).toBe('app');
    expect(rtmpAppOf('/ondemand/key')).toBe('ondemand');
    expect(rtmpAppOf('/app?slist=key')).toBe('app');
  });

  it('passes the tcUrl to ffmpeg as an output option, before the URL', () => {
    const args = buildEgressArgs(
      'rtmp://127.0.0.1:1935/live/x',
      'rtmp://127.0.0.1:5/app/k',
      'rtmp://h:1935/app',
    );
    expect(args.slice(-3)).toEqual(['-rtmp_tcurl', 'rtmp://h:1935/app', 'rtmp://127.0.0.1:5/app/k']);
    expect(buildEgressArgs('in', 'out')).not.toContain('-rtmp_tcurl');
  });
});
