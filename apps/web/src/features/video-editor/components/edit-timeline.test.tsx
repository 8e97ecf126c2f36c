import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { initialEdit, useEditHistory } from '../hooks/use-edit-history';
import { EditTimeline } from './edit-timeline';
import { moveTrimHandle } from './trim-handles';

/** The timeline as the editor wires it, on a 10 s video with the playhead where the test puts it. */
function Harness({ playhead }: { playhead: number }) {
  const { edit, reset, record, undo, redo, canUndo, canRedo } = useEditHistory();
  const [selected, setSelected] = useState<number | null>(null);
  useEffect(() => reset(10), [reset]);
  return (
    <>
      <EditTimeline
        edit={edit}
        duration={10}
        playhead={playhead}
        selected={selected}
        canUndo={canUndo}
        canRedo={canRedo}
        onRecord={(next) => record(next)}
        onSelect={setSelected}
        onUndo={undo}
        onRedo={redo}
        onTrim={(next) =>
          record({ ...edit, trim: next }, next.start !== edit.trim.start ? 'trim-start' : 'trim-end')
        }
      />
      <input aria-label="A text field" />
    </>
  );
}

const sections = () =>
  screen.getAllByRole('button', { name: /^Section / }).map((button) => button.getAttribute('aria-label'));

describe('EditTimeline', () => {
  it('splits at the playhead, deletes the selected section, and undoes and redoes both', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness playhead={4} />);
    expect(sections()).toEqual(['Section 1: 0:00 to 0:10']);
    expect(screen.getByRole('button', { name: 'Undo' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Delete section' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Split' }));
    rerender(<Harness playhead={6} />);
    await user.click(screen.getByRole('button', { name: 'Split' }));
    expect(sections()).toEqual([
      'Section 1: 0:00 to 0:04',
      'Section 2: 0:04 to 0:06',
      'Section 3: 0:06 to 0:10',
    ]);

    const middle = screen.getByRole('button', { name: 'Section 2: 0:04 to 0:06' });
    await user.click(middle);
    expect(middle.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Delete section' }));
    expect(sections()).toEqual(['Section 1: 0:00 to 0:04', 'Section 2: 0:06 to 0:10']);
    expect(screen.getByText(/^Keeps 2 sections, 0:08 of 0:10/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(sections()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(sections()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Redo' }).hasAttribute('disabled')).toBe(true);
  });

  it('moves a section in the play order with the buttons and by dragging, and undoes a move', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness playhead={4} />);
    await user.click(screen.getByRole('button', { name: 'Split' }));
    rerender(<Harness playhead={6} />);
    await user.click(screen.getByRole('button', { name: 'Split' }));
    expect(screen.getByRole('button', { name: 'Move earlier' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Section 3: 0:06 to 0:10' }));
    expect(screen.getByRole('button', { name: 'Move later' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move earlier' }));
    expect(sections()).toEqual([
      'Section 1: 0:00 to 0:04',
      'Section 2: 0:06 to 0:10',
      'Section 3: 0:04 to 0:06',
    ]);
    // The moved section stays selected, under its new number.
    expect(screen.getByRole('button', { name: 'Section 2: 0:06 to 0:10' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // Dragged onto the first, the last section plays first.
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()];
      },
      effectAllowed: 'all',
    };
    fireEvent.dragStart(screen.getByRole('button', { name: 'Section 3: 0:04 to 0:06' }), { dataTransfer });
    const first = screen.getByRole('button', { name: 'Section 1: 0:00 to 0:04' });
    fireEvent.dragOver(first, { dataTransfer });
    fireEvent.drop(first, { dataTransfer });
    expect(sections()).toEqual([
      'Section 1: 0:04 to 0:06',
      'Section 2: 0:00 to 0:04',
      'Section 3: 0:06 to 0:10',
    ]);
    expect(screen.getByText(/^Keeps 3 sections, 0:10 of 0:10/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(sections()).toEqual([
      'Section 1: 0:00 to 0:04',
      'Section 2: 0:06 to 0:10',
      'Section 3: 0:04 to 0:06',
    ]);
  });

  it('undoes with Ctrl+Z and redoes with Ctrl+Shift+Z, but not while typing in a field', async () => {
    const user = userEvent.setup();
    render(<Harness playhead={5} />);
    await user.click(screen.getByRole('button', { name: 'Split' }));
    expect(sections()).toHaveLength(2);
    await user.keyboard('{Control>}z{/Control}');
    expect(sections()).toHaveLength(1);
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(sections()).toHaveLength(2);
    await user.click(screen.getByLabelText('A text field'));
    await user.keyboard('{Control>}z{/Control}');
    expect(sections()).toHaveLength(2);
  });

  it('cannot split on the edge of a section or delete the only one', async () => {
    render(<Harness playhead={0} />);
    expect(screen.getByRole('button', { name: 'Split' }).hasAttribute('disabled')).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Section 1: 0:00 to 0:10' }));
    expect(screen.getByRole('button', { name: 'Delete section' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the frame strip and the waveform under the bar, and leaves out one that cannot be made', () => {
    render(
      <EditTimeline
        mediaId="m1"
        edit={initialEdit(10)}
        duration={10}
        playhead={0}
        selected={null}
        canUndo={false}
        canRedo={false}
        onRecord={() => undefined}
        onSelect={() => undefined}
        onUndo={() => undefined}
        onRedo={() => undefined}
      />,
    );
    expect(screen.getByRole('img', { name: 'Frames across the video' }).getAttribute('src')).toBe(
      '/api/video-editor/media/m1/timeline/thumbnails',
    );
    fireEvent.error(screen.getByRole('img', { name: 'Waveform of the sound' }));
    expect(screen.queryByRole('img', { name: 'Waveform of the sound' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Frames across the video' })).toBeTruthy();
  });

  it('moves the trim with its handles: arrow keys by a tenth, Shift by a second, a drag as one undo step', async () => {
    const user = userEvent.setup();
    render(<Harness playhead={0} />);
    const start = screen.getByRole('slider', { name: 'Trim start' });
    const end = screen.getByRole('slider', { name: 'Trim end' });
    expect(end.getAttribute('aria-valuenow')).toBe('10');
    start.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowRight}{/Shift}');
    expect(start.getAttribute('aria-valuenow')).toBe('1.2');

    // A drag along a 500 px bar: 400 px is 8 s; the whole drag undoes in one step.
    const bar = screen.getByRole('list', { name: 'Sections' });
    bar.getBoundingClientRect = () => ({
      left: 0,
      width: 500,
      top: 0,
      height: 40,
      right: 500,
      bottom: 40,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.pointerDown(end, { pointerId: 1, clientX: 500 });
    fireEvent.pointerMove(end, { pointerId: 1, clientX: 450 });
    fireEvent.pointerMove(end, { pointerId: 1, clientX: 400 });
    fireEvent.pointerUp(end, { pointerId: 1, clientX: 400 });
    expect(end.getAttribute('aria-valuenow')).toBe('8');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('slider', { name: 'Trim end' }).getAttribute('aria-valuenow')).toBe('10');
  });

  it('never lets a handle pass the other or leave the video', () => {
    expect(moveTrimHandle({ start: 2, end: 5 }, 'start', 9, 10)).toEqual({ start: 4.9, end: 5 });
    expect(moveTrimHandle({ start: 2, end: 5 }, 'end', 1, 10)).toEqual({ start: 2, end: 2.1 });
    expect(moveTrimHandle({ start: 2, end: 5 }, 'start', -3, 10)).toEqual({ start: 0, end: 5 });
    expect(moveTrimHandle({ start: 2, end: 5 }, 'end', 42, 10)).toEqual({ start: 2, end: 10 });
    expect(moveTrimHandle({ start: 0, end: 10 }, 'end', 7.04, 10)).toEqual({ start: 0, end: 7 });
  });
});
