import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StudioPreview } from './studio-preview';

function Harness() {
  const [isMuted, setMuted] = useState(false);
  const [isCameraOff, setCameraOff] = useState(false);
  return (
    <StudioPreview
      stream={null}
      sceneName="Main Scene"
      isMuted={isMuted}
      isCameraOff={isCameraOff}
      onToggleMute={() => setMuted((value) => !value)}
      onToggleCamera={() => setCameraOff((value) => !value)}
      audioLevel={() => 0}
      liveBadge={null}
    />
  );
}

describe('StudioPreview', () => {
  it('says what Mute and Camera off will do next and reports their state with aria-pressed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const mute = screen.getByRole('button', { name: 'Mute' });
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    await user.click(mute);
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Unmute' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(screen.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Camera off' }));
    expect(screen.queryByRole('button', { name: 'Camera off' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Camera on' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Camera on' }));
    expect(screen.getByRole('button', { name: 'Camera off' }).getAttribute('aria-pressed')).toBe('false');
  });
});
