import { describe, expect, it } from 'vitest';
import { truncateToGraphemes } from './text';

const FAMILY = '👨‍👩‍👧‍👦'; // four people joined by zero-width joiners: 11 code units, one grapheme
const FLAG = '🇫🇷'; // two regional indicators: 4 code units, one grapheme
const E_ACUTE = 'e\u0301'; // e + combining acute accent: 2 code units, one grapheme
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('truncateToGraphemes', () => {
  it('returns text that already fits unchanged', () => {
    expect(truncateToGraphemes(`ab${FAMILY}`, 13)).toBe(`ab${FAMILY}`);
  });

  it('leaves out a ZWJ family emoji that the limit would cut, instead of keeping part of it', () => {
    const text = `abc${FAMILY}def`;
    for (let max = 3; max < 3 + FAMILY.length; max++) expect(truncateToGraphemes(text, max)).toBe('abc');
    expect(truncateToGraphemes(text, 3 + FAMILY.length)).toBe(`abc${FAMILY}`);
  });

  it('never splits a flag into its regional indicators', () => {
    const text = `${FLAG}${FLAG}`;
    expect(truncateToGraphemes(text, 7)).toBe(FLAG);
    expect(truncateToGraphemes(text, 5)).toBe(FLAG);
    expect(truncateToGraphemes(text, 3)).toBe('');
  });

  it('keeps a letter with its combining accent together', () => {
    const text = `caf${E_ACUTE}s`;
    expect(truncateToGraphemes(text, 4)).toBe('caf');
    expect(truncateToGraphemes(text, 5)).toBe(`caf${E_ACUTE}`);
  });

  it('leaves no lone surrogate behind, whatever the limit', () => {
    const text = `${FAMILY}x${FLAG}y${E_ACUTE}😀`.repeat(3);
    for (let max = 0; max <= text.length; max++) {
      const cut = truncateToGraphemes(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut).not.toMatch(LONE_SURROGATE);
      expect(text.startsWith(cut)).toBe(true);
    }
  });
});
