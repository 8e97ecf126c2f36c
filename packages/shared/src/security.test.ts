import { describe, expect, it } from 'vitest';
import { backupCodeSchema, describeUserAgent, totpCodeSchema } from './security';

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge 131',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0',
      'Firefox 128',
      'macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17',
      'iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome 126',
      'Android',
    ],
    ['curl/8.5.0', 'curl', 'Unknown system'],
  ])('names %s', (userAgent, browser, os) => {
    expect(describeUserAgent(userAgent)).toEqual({ browser, os });
  });

  it('copes with no header and with a huge one', () => {
    expect(describeUserAgent(null)).toEqual({ browser: 'Unknown browser', os: 'Unknown system' });
    expect(describeUserAgent('x'.repeat(100_000)).browser.length).toBeLessThanOrEqual(40);
  });
});

describe('code schemas', () => {
  it('takes six digits, spaces between them dropped, and nothing else', () => {
    expect(totpCodeSchema.parse('123 456')).toBe('123456');
    for (const bad of ['12345', '1234567', 'abcdef', ''])
      expect(totpCodeSchema.safeParse(bad).success).toBe(false);
  });

  it('takes a backup code with or without its dash', () => {
    expect(backupCodeSchema.parse('abCde12345')).toBe('abCde-12345');
    expect(backupCodeSchema.parse(' abCde-12345 ')).toBe('abCde-12345');
    expect(backupCodeSchema.safeParse('abc-de').success).toBe(false);
  });
});
