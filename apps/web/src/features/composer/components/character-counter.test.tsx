import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CharacterCounter, lengthProblem } from './character-counter';

describe('CharacterCounter', () => {
  it('counts X text with the weighted rules: a URL is 23 characters', () => {
    render(
      <CharacterCounter platform="twitter" text="Read https://example.com/a/very/long/path/to/somewhere" />,
    );
    expect(screen.getByText('28 of 280 characters')).toBeTruthy();
    expect(screen.queryByText(/allows at most/)).toBeNull();
  });

  it('counts emoji as two on X and as one grapheme on Bluesky', () => {
    const { rerender } = render(<CharacterCounter platform="twitter" text="hi 👋" />);
    expect(screen.getByText('5 of 280 characters')).toBeTruthy();
    rerender(<CharacterCounter platform="bluesky" text="hi 👋" />);
    expect(screen.getByText('4 of 300 characters')).toBeTruthy();
  });

  it('turns red over the limit and says the platform rule in the shared wording', () => {
    render(<CharacterCounter platform="twitter" text={'a'.repeat(281)} />);
    const message = screen.getByText('X (Twitter) allows at most 280 characters; this text has 281.');
    expect(message.className).toContain('text-destructive');
    expect(screen.getByText('281 of 280 characters').parentElement?.className).toContain('text-destructive');
  });

  it('stays quiet at exactly the limit', () => {
    render(<CharacterCounter platform="mastodon" text={'a'.repeat(500)} />);
    expect(screen.getByText('500 of 500 characters')).toBeTruthy();
    expect(screen.queryByText(/allows at most/)).toBeNull();
  });

  it('marks a platform that has its own text', () => {
    render(<CharacterCounter platform="linkedin" text="Hello" isCustomized />);
    expect(screen.getByText('custom text')).toBeTruthy();
  });
});

describe('lengthProblem', () => {
  it('returns only the length message, not the other rules', () => {
    // Instagram also needs media; that is not a length problem.
    expect(lengthProblem('instagram', 'short')).toBeNull();
    expect(lengthProblem('instagram', 'a'.repeat(2201))).toBe(
      'Instagram allows at most 2,200 characters; this text has 2,201.',
    );
  });
});
