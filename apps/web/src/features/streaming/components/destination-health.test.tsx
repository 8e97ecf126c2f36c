import type { DestinationStatus } from '@relaycast/shared/streaming';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DestinationHealth } from './destination-health';

function status(overrides: Partial<DestinationStatus>): DestinationStatus {
  return {
    destinationId: 'd1',
    platform: 'twitch',
    name: 'Twitch',
    state: 'live',
    reason: null,
    retryInSeconds: null,
    reconnects: 0,
    health: null,
    ...overrides,
  };
}

describe('DestinationHealth', () => {
  it('shows a live destination with its bitrate, frame rate, dropped frames and uptime', () => {
    render(
      <DestinationHealth
        status={status({ health: { bitrateKbps: 4480.4, fps: 29.97, droppedFrames: 3, uptimeSeconds: 75 } })}
      />,
    );
    expect(screen.getByText('Live')).toBeTruthy();
    expect(screen.getByText('4,480 kbps')).toBeTruthy();
    expect(screen.getByText('30 fps')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getByText('1:15')).toBeTruthy();
  });

  it('shows when a retrying destination tries again, its reconnects and why', () => {
    render(
      <DestinationHealth
        status={status({
          state: 'retrying',
          retryInSeconds: 3.2,
          reconnects: 2,
          reason: 'Connection refused',
        })}
      />,
    );
    expect(screen.getByText('Retrying')).toBeTruthy();
    expect(screen.getByText('next try in 4 s')).toBeTruthy();
    expect(screen.getByText('2 reconnects')).toBeTruthy();
    expect(screen.getByText('Connection refused')).toBeTruthy();
  });

  it('shows the reason a destination failed, and no figures before any arrive', () => {
    render(
      <DestinationHealth
        status={status({ state: 'failed', reason: 'The platform refused the stream key.' })}
      />,
    );
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('The platform refused the stream key.')).toBeTruthy();
    expect(screen.queryByText('Bitrate')).toBeNull();
  });

  it('keeps a reason to itself while connecting', () => {
    render(<DestinationHealth status={status({ state: 'connecting', reason: 'stale' })} />);
    expect(screen.getByText('Connecting')).toBeTruthy();
    expect(screen.queryByText('stale')).toBeNull();
  });
});
