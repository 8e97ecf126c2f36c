import { describe, expect, it } from 'vitest';
import { PROTECTED_ROUTES, PUBLIC_ROUTES } from './routes';
import {
  campaignValue,
  isShortLinkCode,
  linksIn,
  SHORT_LINK_MESSAGES,
  shouldShorten,
  targetProblem,
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
