import type { SocialAccount } from '@relaycast/shared/accounts';
import type { PlatformId } from '@relaycast/shared/platforms';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AttachedMedia, emptyValues } from '@/lib/post-form';
import { PostPreview } from './post-preview';

const photo = (width: number, height: number): AttachedMedia => ({
  id: 'm1',
  name: 'square.png',
  mimeType: 'image/png',
  sizeBytes: 1000,
  url: '/api/media/m1/file',
  thumbnailUrl: null,
  durationSeconds: null,
  width,
  height,
});

const adaOnX: SocialAccount = {
  id: 'acc-x',
  platform: 'twitter',
  handle: 'ada',
  displayName: 'Ada Lovelace',
  avatarUrl: null,
  instanceUrl: null,
  status: 'connected',
  lastSyncAt: null,
  lastError: null,
  timezone: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

const LONG = `${'Our spring collection is here and it is the brightest one yet. '.repeat(3)}Come and see it.`;

function renderPreview(platforms: PlatformId[], media: AttachedMedia[], content = LONG) {
  const values = { ...emptyValues(content), platforms, media };
  return render(<PostPreview values={values} authorName="Grace" accounts={[adaOnX]} />);
}

/** The frame's CSS aspect ratio as a number ("0.8 / 1" → 0.8). */
function frameRatio(): number {
  const [width = '', height = '1'] = screen.getByTestId('preview-frame').style.aspectRatio.split('/');
  return Number(width) / Number(height);
}

describe('PostPreview', () => {
  it('frames a square image 1:1 on Instagram and X, folds Instagram at "more" and X not at all', () => {
    renderPreview(['instagram', 'twitter'], [photo(1080, 1080)]);
    const panel = screen.getByRole('tabpanel');
    expect(frameRatio()).toBe(1);
    expect(within(panel).getByRole('img', { name: 'square.png' })).toBeTruthy();
    // Instagram: no Instagram account, so the author's name and the hint; the caption folds at 125 characters.
    expect(within(panel).getByText('Not connected')).toBeTruthy();
    expect(panel.textContent).not.toContain('Come and see it.');
    fireEvent.click(within(panel).getByRole('button', { name: 'more' }));
    expect(panel.textContent).toContain('Come and see it.');
    expect(within(panel).queryByRole('button', { name: 'more' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'X (Twitter)' }));
    const x = screen.getByRole('tabpanel');
    expect(frameRatio()).toBe(1);
    expect(within(x).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(x).getByText('@ada')).toBeTruthy();
    expect(x.textContent).toContain('Come and see it.');
    expect(within(x).queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('keeps a 9:16 image within each network’s bounds: 4:5 on Instagram, 3:4 on X', () => {
    renderPreview(['instagram', 'twitter'], [photo(1080, 1920)], 'Tall');
    expect(frameRatio()).toBeCloseTo(4 / 5);
    fireEvent.click(screen.getByRole('tab', { name: 'X (Twitter)' }));
    expect(frameRatio()).toBeCloseTo(3 / 4);
  });

  it('turns the first link into a card with its domain on LinkedIn, when no media is attached', () => {
    renderPreview(['linkedin'], [], 'Read it: https://www.example.com/spring?utm=1');
    const card = screen.getByRole('figure', { name: 'Link preview' });
    expect(card.textContent).toContain('example.com');
  });

  it('moves between tabs with the arrow keys', () => {
    renderPreview(['instagram', 'twitter'], []);
    const instagram = screen.getByRole('tab', { name: 'Instagram' });
    fireEvent.keyDown(instagram, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'X (Twitter)' }).getAttribute('aria-selected')).toBe('true');
  });
});
