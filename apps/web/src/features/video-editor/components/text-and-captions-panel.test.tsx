import { VIDEO_EDITOR_MESSAGES } from '@relaycast/shared/video-editor';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useEditHistory } from '../hooks/use-edit-history';
import { TextAndCaptionsPanel } from './text-and-captions-panel';

function Harness() {
  const { edit, reset, record, undo } = useEditHistory();
  useEffect(() => reset(10), [reset]);
  return (
    <>
      <TextAndCaptionsPanel edit={edit} outputDuration={10} onRecord={(next) => record(next)} />
      <button type="button" onClick={undo}>
        Undo
      </button>
    </>
  );
}

describe('TextAndCaptionsPanel', () => {
  it('adds a text overlay, refuses an empty one, and undo takes it back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    expect(screen.getByRole('alert').textContent).toBe(VIDEO_EDITOR_MESSAGES.overlayTextRequired);
    await user.type(screen.getByLabelText('Overlay text'), 'Hello');
    await user.selectOptions(screen.getByLabelText('Position'), 'top');
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    expect(screen.getByRole('list', { name: 'Text overlays' }).textContent).toContain(
      '“Hello” · Top · 0:00–0:03',
    );
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.queryByRole('list', { name: 'Text overlays' })).toBeNull();
  });

  it('lists the cues of a subtitle file and says why a bad one is refused', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Subtitle file (.srt or .vtt)');
    await user.upload(input, new File(['nothing to read'], 'talk.srt', { type: 'application/x-subrip' }));
    expect((await screen.findByRole('alert')).textContent).toBe(VIDEO_EDITOR_MESSAGES.captionsInvalid(1));
    expect(screen.queryByRole('list', { name: 'Captions' })).toBeNull();
    const vtt = 'WEBVTT\n\n00:00.500 --> 00:01.500\nHello\n\n00:02.000 --> 00:03.000\nAgain\n';
    await user.upload(input, new File([vtt], 'talk.vtt', { type: 'text/vtt' }));
    const cues = await screen.findByRole('list', { name: 'Captions' });
    expect(Array.from(cues.querySelectorAll('li'), (item) => item.textContent)).toEqual([
      '0:00.5–0:01.5 Hello',
      '0:02–0:03 Again',
    ]);
    expect(screen.getByText('Captions from talk.vtt (2)')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
