import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CropFrame, cropLayout } from './crop-frame';

describe('the crop frame on the preview', () => {
  it('places the largest frame of the aspect inside the letterboxed picture, moved along the side with room', () => {
    // A 1920×1080 source in a 640×360 player: the picture fills it; 9:16 is 202.5 px wide with 437.5 px of room.
    const centred = cropLayout({ width: 640, height: 360 }, { width: 1920, height: 1080 }, '9:16', 0.5);
    expect(centred.axis).toBe('x');
    expect(centred.frame).toEqual({ width: 202.5, height: 360, left: 218.75, top: 0 });
    expect(cropLayout({ width: 640, height: 360 }, { width: 1920, height: 1080 }, '9:16', 1).frame.left).toBe(
      437.5,
    );
    // A portrait source in the same player is pillarboxed, and a 16:9 frame moves up and down.
    const portrait = cropLayout({ width: 640, height: 360 }, { width: 1080, height: 1920 }, '16:9', 0);
    expect(portrait.picture).toEqual({ width: 202.5, height: 360, left: 218.75, top: 0 });
    expect(portrait.axis).toBe('y');
    expect(portrait.frame.top).toBe(0);
  });

  function Harness() {
    const player = useRef<HTMLDivElement>(null);
    const [position, setPosition] = useState(0.5);
    return (
      <div ref={player} style={{ width: 640, height: 360 }}>
        <CropFrame
          player={player}
          video={{ width: 1920, height: 1080 }}
          crop="9:16"
          position={position}
          onChange={setPosition}
        />
      </div>
    );
  }

  it('moves with the arrow keys and with a drag, and never past the picture', () => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 640 });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 360 });
    render(<Harness />);
    const frame = screen.getByRole('slider', { name: 'Crop frame position' });
    expect(frame.getAttribute('aria-valuenow')).toBe('50');
    fireEvent.keyDown(frame, { key: 'ArrowRight' });
    expect(frame.getAttribute('aria-valuenow')).toBe('55');
    fireEvent.keyDown(frame, { key: 'Home' });
    expect(frame.getAttribute('aria-valuenow')).toBe('0');
    // 437.5 px of room: a 218.75 px drag is half of it.
    fireEvent.pointerDown(frame, { pointerId: 1, clientX: 100 });
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 318.75 });
    fireEvent.pointerUp(frame, { pointerId: 1, clientX: 318.75 });
    expect(frame.getAttribute('aria-valuenow')).toBe('50');
    fireEvent.keyDown(frame, { key: 'End' });
    fireEvent.keyDown(frame, { key: 'ArrowRight', shiftKey: true });
    expect(frame.getAttribute('aria-valuenow')).toBe('100');
  });
});
