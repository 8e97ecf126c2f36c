import type { PublicReport } from '@relaycast/shared/analytics-report';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/api.fake';
import { renderWithProviders } from '@/test/render';
import { DownloadPdfButton } from './report-actions';
import { ReportHeader } from './report-header';

const LOGO = 'data:image/png;base64,iVBORw0KGgo=';

function report(overrides: Partial<PublicReport> = {}): PublicReport {
  return {
    filters: { range: '30d' },
    expiresAt: '2026-12-01T00:00:00.000Z',
    demo: false,
    workspace: { name: 'Northwind Social', logoUrl: null },
    ...overrides,
  };
}

describe('ReportHeader', () => {
  it("names the workspace and who the report was prepared for, and keeps the link's expiry off paper", () => {
    renderWithProviders(
      <ReportHeader
        report={report({
          filters: { range: '30d', client: 'Café Zoë' },
          workspace: { name: 'Northwind Social', logoUrl: LOGO },
        })}
        print
      />,
    );
    expect(screen.getByTestId('report-workspace').textContent).toBe('Northwind Social');
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics report' })).toBeTruthy();
    expect(screen.getByText('Prepared for Café Zoë')).toBeTruthy();
    // The logo is decoration beside the name the header already says.
    expect(document.querySelector('header img')?.getAttribute('src')).toBe(LOGO);
    expect(screen.queryByText(/This link works until/)).toBeNull();
  });

  it('shows the name alone without a logo or a client, and the expiry on screen', () => {
    renderWithProviders(<ReportHeader report={report()} print={false} />);
    expect(screen.getByTestId('report-workspace').textContent).toBe('Northwind Social');
    expect(document.querySelector('header img')).toBeNull();
    expect(screen.queryByText(/Prepared for/)).toBeNull();
    expect(screen.getByText(/This link works until/)).toBeTruthy();
  });
});

describe('DownloadPdfButton', () => {
  it('asks who the report is for and sends it with the filters', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => {} }),
    );
    const api = fakeApi({
      'GET /api/analytics/report.pdf': () =>
        new Response('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="r.pdf"',
          },
        }),
    });
    renderWithProviders(<DownloadPdfButton filters={{ range: '30d' }} />);
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    const dialog = screen.getByRole('dialog', { name: 'Download a PDF report' });
    await user.type(screen.getByLabelText('Prepared for (optional)'), '  Acme & Co ');
    await user.click(dialog.querySelector('button[type="submit"]') as HTMLButtonElement);
    await vi.waitFor(() => expect(api.callsTo('GET /api/analytics/report.pdf')).toHaveLength(1));
    const url = new URL(api.calls[0]?.url ?? '', 'http://localhost');
    expect(url.searchParams.get('range')).toBe('30d');
    expect(url.searchParams.get('client')).toBe('Acme & Co');
  });
});
