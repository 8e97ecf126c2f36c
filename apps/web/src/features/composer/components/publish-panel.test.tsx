import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PublishPanel } from './publish-panel';

function renderPanel(scheduledFor?: string) {
  const onAction = vi.fn();
  render(
    <PublishPanel
      date="2026-12-01"
      time="09:00"
      timeZone="UTC"
      onTimeChange={vi.fn()}
      failedAction={null}
      problems={[]}
      isUploading={false}
      onAction={onAction}
      onBestTime={vi.fn()}
      scheduledFor={scheduledFor}
    />,
  );
  return onAction;
}

describe('PublishPanel', () => {
  it('saves a new post as a draft straight away, and schedules with Schedule', async () => {
    const user = userEvent.setup();
    const onAction = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(onAction).toHaveBeenCalledWith('draft');
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });

  it('offers Update on a scheduled post, and asks before moving it back to drafts', async () => {
    const user = userEvent.setup();
    const onAction = renderPanel('Dec 1, 2026, 9:00 AM');
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Move to drafts' }));
    expect(onAction).not.toHaveBeenCalled();
    expect(screen.getByText('Move this post back to drafts?')).toBeTruthy();
    expect(screen.getByText(/It is scheduled for Dec 1, 2026, 9:00 AM\./)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Keep it scheduled' }));
    expect(onAction).not.toHaveBeenCalled();
    expect(screen.queryByText('Move this post back to drafts?')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Move to drafts' }));
    const buttons = screen.getAllByRole('button', { name: 'Move to drafts' });
    await user.click(buttons[buttons.length - 1] as HTMLElement);
    expect(onAction).toHaveBeenCalledExactlyOnceWith('draft');
  });
});
