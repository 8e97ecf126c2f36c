import { describe, expect, it } from 'vitest';
import { DASHBOARD_EXCERPT_CHARS, percentChange, postExcerpt } from './dashboard';

describe('postExcerpt', () => {
  it('keeps short text, collapses whitespace and cuts long text with an ellipsis', () => {
    expect(postExcerpt('  Hello\n\nworld  ', {})).toBe('Hello world');
    const long = postExcerpt('word '.repeat(100), {});
    expect([...long]).toHaveLength(DASHBOARD_EXCERPT_CHARS);
    expect(long.endsWith('…')).toBe(true);
  });

  it('falls back to the first platform text when the main text is empty, and never splits an emoji', () => {
    expect(postExcerpt('', { mastodon: '', bluesky: 'Bluesky only' })).toBe('Bluesky only');
    const emoji = postExcerpt('😀'.repeat(200), {});
    expect([...emoji].slice(0, -1).every((char) => char === '😀')).toBe(true);
  });
});

describe('percentChange', () => {
  it('is null when a side is unknown or the previous is 0', () => {
    expect(percentChange(null, 10)).toBeNull();
    expect(percentChange(10, null)).toBeNull();
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(110, 100)).toBeCloseTo(10);
    expect(percentChange(50, 100)).toBeCloseTo(-50);
  });
});
