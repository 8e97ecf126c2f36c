import { describe, expect, it } from 'vitest';
import { checkPlatformRules, textLengthFor } from './platforms';
import { checkPost } from './posts';
import { PROTECTED_ROUTES, PUBLIC_ROUTES } from './routes';
import {
  campaignValue,
  customShortLinkCodeSchema,
  isServedShortLinkCode,
  isShortLinkCode,
  linksIn,
  replaceLinks,
  SHORT_LINK_MESSAGES,
  SHORT_LINK_PLACEHOLDER_CODE,
  shouldShorten,
  targetProblem,
  withShortLinkPlaceholders,
  withUtm,
} from './short-links';

describe('short-link codes', () => {
  it('have 7 base62 characters with a digit and a capital letter', () => {
    expect(isShortLinkCode('Ab3dE9x')).toBe(true);
    expect(isShortLinkCode('abcdefg')).toBe(false);
    expect(isShortLinkCode('ABCDEFG')).toBe(false);
    expect(isShortLinkCode('1234567')).toBe(false);
    expect(isShortLinkCode('Ab3dE9')).toBe(false);
    expect(isShortLinkCode('Ab3-E9x')).toBe(false);
  });

  it('never take the shape of a page of the app', () => {
    for (const route of [...PUBLIC_ROUTES, ...PROTECTED_ROUTES]) {
      expect(isShortLinkCode(route.slice(1)), route).toBe(false);
    }
  });
});

describe('custom codes', () => {
  const problemOf = (code: string) => {
    const parsed = customShortLinkCodeSchema.safeParse(code);
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it('take 4 to 50 letters, digits, "-" and "_"', () => {
    expect(problemOf('sale')).toBeNull();
    expect(problemOf('Summer_Sale-2026')).toBeNull();
    expect(problemOf('x'.repeat(50))).toBeNull();
    expect(problemOf('abc')).toBe(SHORT_LINK_MESSAGES.codeTooShort);
    expect(problemOf('x'.repeat(51))).toBe(SHORT_LINK_MESSAGES.codeTooLong);
    expect(problemOf('été-2026')).toBe(SHORT_LINK_MESSAGES.codeCharacters);
    expect(problemOf('a.b.c')).toBe(SHORT_LINK_MESSAGES.codeCharacters);
  });

  it('never take a page of the app or a path of the server, whatever the case', () => {
    for (const route of [...PUBLIC_ROUTES, ...PROTECTED_ROUTES]) {
      const first = route.split('/')[1];
      if (!first || first.length < 4) continue;
      expect(problemOf(first), route).toBe(SHORT_LINK_MESSAGES.codeReserved);
      expect(problemOf(first.toUpperCase()), route).toBe(SHORT_LINK_MESSAGES.codeReserved);
      expect(isServedShortLinkCode(first), route).toBe(false);
    }
    for (const path of ['assets', 'locales', 'invite', 'review', 'metrics', 'blog']) {
      expect(problemOf(path), path).toBe(SHORT_LINK_MESSAGES.codeReserved);
    }
    expect(isServedShortLinkCode('Summer_Sale')).toBe(true);
    expect(isServedShortLinkCode('Ab3dE9x')).toBe(true);
  });
});

describe('targets', () => {
  it('accept web addresses and refuse every other scheme', () => {
    expect(targetProblem('https://example.com/a?b=c#d')).toBeNull();
    expect(targetProblem('http://192.168.1.1:8080/')).toBeNull();
    for (const target of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'vbscript:x',
    ]) {
      expect(targetProblem(target), target).toBe(SHORT_LINK_MESSAGES.targetScheme);
    }
    expect(targetProblem('example.com')).toBe(SHORT_LINK_MESSAGES.targetInvalid);
    expect(targetProblem('https://')).toBe(SHORT_LINK_MESSAGES.targetInvalid);
  });
});

describe('UTM parameters', () => {
  it('adds source, medium, campaign and content, never overwriting the address’s own', () => {
    const tagged = withUtm('https://example.com/a?utm_campaign=mine&x=1', {
      platform: 'bluesky',
      campaign: 'spring',
      postId: 'p1',
    });
    expect(tagged).toBe(
      'https://example.com/a?utm_campaign=mine&x=1&utm_source=bluesky&utm_medium=social&utm_content=p1',
    );
  });

  it('makes a campaign name a lowercase UTM value', () => {
    expect(campaignValue('  Spring Sale 2026! ')).toBe('spring-sale-2026');
    expect(campaignValue('Été à Paris')).toBe('été-à-paris');
    expect(campaignValue('')).toBe('relaycast');
    expect(campaignValue('!!!')).toBe('relaycast');
  });
});

describe('links in a post', () => {
  it('finds each web address once, without the punctuation that ends a sentence', () => {
    const text =
      'See https://example.com/a, (https://example.org/b) and https://example.com/a. Mail me: mailto:a@b.c';
    expect(linksIn(text)).toEqual(['https://example.com/a', 'https://example.org/b']);
    expect(linksIn('No links here.')).toEqual([]);
  });
});

describe('when a post is shortened', () => {
  it('follows the workspace’s mode, then the post’s own switch', () => {
    expect(shouldShorten('always', null)).toBe(true);
    expect(shouldShorten('always', false)).toBe(false);
    expect(shouldShorten('ask', null)).toBe(false);
    expect(shouldShorten('ask', true)).toBe(true);
    expect(shouldShorten('never', true)).toBe(false);
  });
});

describe('short links in a post’s length', () => {
  const base = 'https://rcst.link';
  const long = `https://example.com/${'a'.repeat(300)}`;

  it('shows each address as a short link of the real length, leaving short links already there', () => {
    const text = `Read ${long} and https://ex.io then ${base}/Ab3dEf9.`;
    expect(withShortLinkPlaceholders(text, base)).toBe(
      `Read ${base}/xxxxxxx and ${base}/xxxxxxx then ${base}/Ab3dEf9.`,
    );
    expect(`${base}/${SHORT_LINK_PLACEHOLDER_CODE}`.length).toBe(`${base}/Ab3dEf9`.length);
    expect(withShortLinkPlaceholders(text, null)).toBe(text);
    expect(withShortLinkPlaceholders(text, undefined)).toBe(text);
  });

  it('replaces the longer address first, so one that starts another is not cut inside it', () => {
    const text = 'https://ex.io/a and https://ex.io/ab';
    expect(replaceLinks(text, linksIn(text), (link) => `[${link.length}]`)).toBe('[15] and [16]');
  });

  it('counts each address as its short link on every platform, and X still as 23', () => {
    const text = `Hello ${long}`;
    const short = `Hello ${base}/xxxxxxx`.length;
    expect(textLengthFor('bluesky', text)).toBe(text.length);
    expect(textLengthFor('bluesky', text, { shortLinkBase: base })).toBe(short);
    expect(textLengthFor('mastodon', text, { shortLinkBase: base })).toBe(short);
    expect(textLengthFor('twitter', text)).toBe(6 + 23);
    expect(textLengthFor('twitter', text, { shortLinkBase: base })).toBe(6 + 23);
  });

  it('lets a long address through a limit once it is shortened, and counts a short one made longer', () => {
    const text = `Hello ${long}`;
    expect(checkPlatformRules('bluesky', text, [])).toHaveLength(1);
    expect(checkPlatformRules('bluesky', text, [], { shortLinkBase: base })).toEqual([]);
    // 300 characters as typed; 314 once the 11-character address is a 25-character short link.
    const shortAddress = `${'a'.repeat(288)} http://a.bc`;
    expect(checkPlatformRules('bluesky', shortAddress, [])).toEqual([]);
    expect(checkPlatformRules('bluesky', shortAddress, [], { shortLinkBase: base })[0]?.message).toBe(
      'Bluesky allows at most 300 characters; this text has 314.',
    );
  });

  it('is what checkPost counts, the same on the server and in the browser', () => {
    const input = {
      content: `Hello ${long}`,
      platforms: ['bluesky' as const],
      overrides: {},
      action: 'now' as const,
      scheduledAt: undefined,
    };
    expect(checkPost(input, [])).toHaveLength(1);
    expect(checkPost(input, [], new Date(), { shortLinkBase: base })).toEqual([]);
  });
});
