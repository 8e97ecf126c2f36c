import { describe, expect, it } from 'vitest';
import {
  appendBlock,
  hashtagGroupInputSchema,
  insertAtSelection,
  splitHashtags,
  templateStateSchema,
} from './composer-library';

describe('insertAtSelection', () => {
  it('puts text at the cursor with a space on each side where words would touch', () => {
    expect(insertAtSelection('Hello world', '#a', { start: 5, end: 5 })).toEqual({
      text: 'Hello #a world',
      cursor: 8,
    });
    expect(insertAtSelection('Hello ', '#a', { start: 6, end: 6 })).toEqual({ text: 'Hello #a', cursor: 8 });
    expect(insertAtSelection('', '#a', { start: 0, end: 0 })).toEqual({ text: '#a', cursor: 2 });
  });

  it('replaces the selection and keeps a selection past the end inside the text', () => {
    expect(insertAtSelection('Hello there world', 'big', { start: 6, end: 11 }).text).toBe('Hello big world');
    expect(insertAtSelection('Hi', 'x', { start: 10, end: 12 }).text).toBe('Hi x');
  });
});

describe('appendBlock', () => {
  it('adds a blank line before the block, or is the block alone', () => {
    expect(appendBlock('Post  \n', '— Ada')).toBe('Post\n\n— Ada');
    expect(appendBlock('  ', '— Ada')).toBe('— Ada');
  });
});

describe('the shared schemas', () => {
  it('reads hashtags typed in one field and stores them with their #', () => {
    const parsed = hashtagGroupInputSchema.parse({ name: 'G', hashtags: splitHashtags('a, #b  c,a') });
    expect(parsed.hashtags).toEqual(['#a', '#b', '#c']);
  });

  it('refuses a template override for a platform that does not exist', () => {
    const parsed = templateStateSchema.safeParse({ overrides: { myspace: 'x' } });
    expect(parsed.success).toBe(false);
  });
});
