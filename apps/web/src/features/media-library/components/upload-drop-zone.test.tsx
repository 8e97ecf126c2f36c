import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UploadDropZone } from './upload-drop-zone';

function dropEvent(target: HTMLElement, type: 'dragEnter' | 'drop', files: File[]) {
  const event = createEvent[type](target);
  Object.defineProperty(event, 'dataTransfer', { value: { files, types: ['Files'], dropEffect: 'none' } });
  return event;
}

describe('UploadDropZone', () => {
  it('uploads every file dropped on it', () => {
    const onFiles = vi.fn();
    render(<UploadDropZone onFiles={onFiles} maxFileSizeBytes={2 * 1024 * 1024} planName="Standard" />);
    const zone = screen.getByRole('button', { name: 'Drop images and videos here, or choose files' });
    const files = [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'b.mp4', { type: 'video/mp4' }),
    ];
    fireEvent(zone, dropEvent(zone, 'dragEnter', files));
    expect(zone.textContent).toContain('Drop to upload');
    fireEvent(zone, dropEvent(zone, 'drop', files));
    expect(onFiles).toHaveBeenCalledWith(files);
    const hint = document.getElementById(zone.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'JPEG, PNG, GIF, WebP, MP4, MOV or WebM · up to 2 MB each on the Standard plan',
    );
  });

  it("names a self-hosted server's own file size limit, not a plan", () => {
    render(<UploadDropZone onFiles={vi.fn()} maxFileSizeBytes={2048 * 1024 * 1024} planName={null} />);
    const zone = screen.getByRole('button', { name: 'Drop images and videos here, or choose files' });
    const hint = document.getElementById(zone.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('JPEG, PNG, GIF, WebP, MP4, MOV or WebM · up to 2 GB each');
  });

  it('opens the file picker from the keyboard and uploads the chosen files', async () => {
    const user = userEvent.setup();
    const onFiles = vi.fn();
    render(<UploadDropZone onFiles={onFiles} maxFileSizeBytes={undefined} planName={undefined} />);
    const input = screen.getByLabelText<HTMLInputElement>('Choose files to upload');
    const click = vi.spyOn(input, 'click');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /choose files/ }));
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
    expect(input.multiple).toBe(true);
    expect(input.accept).toContain('video/quicktime');
    const file = new File(['x'], 'x.webp', { type: 'image/webp' });
    await user.upload(input, file);
    expect(onFiles).toHaveBeenCalledWith([file]);
  });
});
