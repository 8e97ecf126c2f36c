import type { IngestPace } from '@relaycast/shared/streaming';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { EncoderPace } from './encoder-pace';

const KEEPING_UP: IngestPace = { speed: 1, behindSeconds: 0.2, backlogSeconds: 0, fallingBehind: null };

describe('EncoderPace', () => {
  it('shows the speed and nothing to worry about while the stream keeps up', () => {
    renderWithProviders(<EncoderPace pace={KEEPING_UP} />);
    expect(screen.getByRole('region', { name: 'Keeping up with real time' })).toBeTruthy();
    expect(screen.getByText('×1.00')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says in plain words that the server cannot encode fast enough, how late viewers are, and where to fix it', () => {
    renderWithProviders(
      <EncoderPace
        pace={{ speed: 0.55, behindSeconds: 24.6, backlogSeconds: 22, fallingBehind: 'encoder' }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      "Your server can't encode this fast enough: ×0.55 real time. Lower the resolution or frame rate.",
    );
    expect(alert.textContent).toContain('Viewers see the stream 25 s late');
    expect(screen.getByRole('link', { name: 'Stream settings' }).getAttribute('href')).toBe(
      '/stream-settings',
    );
    expect(screen.getByText('22 s')).toBeTruthy();
  });

  it('blames the connection, not the server, when nothing waits at the server', () => {
    renderWithProviders(
      <EncoderPace pace={{ speed: 0.7, behindSeconds: 6, backlogSeconds: 0, fallingBehind: 'input' }} />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Your video reaches the server slower than real time: ×0.70.',
    );
  });

  it('says who encodes the video: the browser once, or the server and why', () => {
    const { unmount } = renderWithProviders(
      <EncoderPace pace={KEEPING_UP} video={{ mode: 'copy', reason: null }} />,
    );
    expect(screen.getByTestId('ingest-video').textContent).toBe(
      'Your browser encodes the video once; the server copies it to every destination.',
    );
    unmount();
    renderWithProviders(<EncoderPace pace={KEEPING_UP} video={{ mode: 'encode', reason: 'codec' }} />);
    expect(screen.getByTestId('ingest-video').textContent).toBe(
      'The server re-encodes the video: this browser cannot encode H.264 (Chrome and Edge can).',
    );
  });
});
