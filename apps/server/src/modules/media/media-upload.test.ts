import { describe, expect, it } from 'vitest';
import { displayNameOf, MAX_DISPLAY_NAME_LENGTH } from './media-upload';

const FAMILY = '👨‍👩‍👧‍👦';

describe('displayNameOf', () => {
  it('cuts a long file name between graphemes, never inside the emoji at the limit', () => {
    // The family emoji straddles the 255th code unit: it is left out whole.
    const name = `${'a'.repeat(MAX_DISPLAY_NAME_LENGTH - 5)}${FAMILY}.mp4`;
    expect(displayNameOf(name)).toBe('a'.repeat(MAX_DISPLAY_NAME_LENGTH - 5));
  });

  it('keeps a combining accent with its letter at the limit', () => {
    const name = `${'b'.repeat(MAX_DISPLAY_NAME_LENGTH - 1)}e\u0301.png`;
    expect(displayNameOf(name)).toBe('b'.repeat(MAX_DISPLAY_NAME_LENGTH - 1));
  });

  it('keeps the last path segment, without control characters', () => {
    expect(displayNameOf('C:\\Users\\me\\🇫🇷 trip\u0007.jpg')).toBe('🇫🇷 trip.jpg');
  });
});
