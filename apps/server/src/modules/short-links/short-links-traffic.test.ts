import { isShortLinkCode } from '@relaycast/shared/short-links';
import { describe, expect, it } from 'vitest';
import { newCode } from './short-links.service';
import { crawlerOf, deviceOf, hourOf, referrerOf } from './short-links-traffic';

describe('who opened a short link', () => {
  it('names link-preview crawlers, and never an in-app browser', () => {
    expect(crawlerOf('TelegramBot (like TwitterBot)')).toBe('TelegramBot');
    expect(
      crawlerOf('Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app) Chrome/116'),
    ).toBe('Bluesky');
    expect(crawlerOf('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe('Google');
    expect(crawlerOf('curl/8.5.0')).toBe('Other bots');
    expect(crawlerOf(undefined)).toBe('No user agent');
    const instagram =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Instagram 309.0.0.40.113';
    expect(crawlerOf(instagram)).toBe('');
    expect(
      crawlerOf('Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36 Barcelona 289.0.0.77.109 (Threads)'),
    ).toBe('');
  });

  it('names the big link-preview crawlers by their real User-Agents', () => {
    const cases: [string, string][] = [
      ['Twitterbot/1.0', 'Twitterbot'],
      ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'Facebook'],
      [
        'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
        'LinkedInBot',
      ],
      ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'Slackbot'],
      ['Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)', 'Discordbot'],
    ];
    for (const [agent, name] of cases) expect(crawlerOf(agent), agent).toBe(name);
  });

  it('counts other bots with isbot, and people’s browsers as people', () => {
    for (const agent of [
      'python-requests/2.32.3',
      'Wget/1.21.4',
      'Go-http-client/1.1',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    ]) {
      expect(crawlerOf(agent), agent).toBe('Other bots');
    }
    for (const agent of [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0.0.33.116]',
    ]) {
      expect(crawlerOf(agent), agent).toBe('');
    }
  });

  it('tells desktop, mobile and tablet apart', () => {
    expect(deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15')).toBe('desktop');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe('mobile');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 13; SM-X700) Safari/537.36')).toBe('tablet');
    expect(deviceOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(deviceOf('')).toBe('unknown');
  });

  it('keeps only the referring site’s host name', () => {
    expect(referrerOf('https://www.Reddit.com/r/x?y=1')).toBe('reddit.com');
    expect(referrerOf('android-app://com.slack')).toBe('');
    expect(referrerOf('not a url')).toBe('');
  });

  it('counts a click in its hour', () => {
    expect(new Date(hourOf(Date.parse('2026-11-26T07:59:59.999Z'))).toISOString()).toBe(
      '2026-11-26T07:00:00.000Z',
    );
  });
});

describe('new codes', () => {
  it('are random, of the code shape, and do not repeat', () => {
    const codes = new Set(Array.from({ length: 2_000 }, () => newCode()));
    expect(codes.size).toBe(2_000);
    for (const code of codes) expect(isShortLinkCode(code)).toBe(true);
  });
});
