import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocale } from '@/i18n';
import { renderWithProviders } from '@/test/render';
import { SlateNotice } from './slate-notice';

describe('SlateNotice', () => {
  it('says the source is lost, that the slate shows, and when the stream ends unless it comes back', () => {
    const endsAt = '2026-11-26T18:02:00.000Z';
    renderWithProviders(<SlateNotice slate={{ since: '2026-11-26T18:00:00.000Z', endsAt }} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Source lost — showing the slate');
    const time = new Intl.DateTimeFormat(currentLocale(), { timeStyle: 'medium' }).format(new Date(endsAt));
    expect(alert.textContent).toContain(`The stream ends at ${time} unless the video comes back.`);
  });
});
