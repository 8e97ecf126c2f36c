import { describe, expect, it } from 'vitest';
import { fillTemplate } from './ai-prompts';

describe('fillTemplate', () => {
  it('fills the values, drops blanks before a line break and collapses blank lines', () => {
    expect(fillTemplate('Title: {{title}} \t\n\n\nText: {{text}}', { title: 'T', text: 'x  y' })).toBe(
      'Title: T\nText: x  y',
    );
  });

  it('reads a long run of blanks once (an article of spaces took quadratic time)', () => {
    const text = `${' '.repeat(300_000)}x`;
    expect(fillTemplate('{{text}}', { text })).toBe(text);
    expect(fillTemplate('{{text}}\nend', { text: `a${' '.repeat(300_000)}` })).toBe('a\nend');
  });
});
