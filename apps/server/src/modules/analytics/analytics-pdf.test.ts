import { REPORT_MESSAGES } from '@relaycast/shared/analytics-report';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './analytics-pdf';

/** The renderer's limits, against Debian's Chromium: a deadline, one render at a time, a short queue. */

const log = pino({ level: 'silent' });
const NEVER_READY = 'data:text/html,<p>This page never says it is ready.</p>';

describe('renderPdf', () => {
  it('gives up at the deadline with a 503, and refuses a fourth request while three are in line', async () => {
    const attempts = Array.from({ length: 4 }, () =>
      renderPdf({ chromiumPath: '/usr/bin/chromium', url: NEVER_READY, timeoutMs: 1500 }, log).then(
        () => 'printed',
        (error: { statusCode?: number; message: string }) => `${error.statusCode} ${error.message}`,
      ),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r === `503 ${REPORT_MESSAGES.pdfTimedOut}`)).toHaveLength(3);
    expect(results.filter((r) => r === `503 ${REPORT_MESSAGES.pdfBusy}`)).toHaveLength(1);
  }, 60_000);

  it('prints a page that says it is ready', async () => {
    const pdf = await renderPdf(
      {
        chromiumPath: '/usr/bin/chromium',
        url: 'data:text/html,<main data-report-ready="true"><h1>Report</h1></main>',
        timeoutMs: 30_000,
      },
      log,
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);

  it('answers 503 with the install advice when the Chromium path is not a program', async () => {
    await expect(
      renderPdf({ chromiumPath: '/etc/hostname', url: NEVER_READY, timeoutMs: 1000 }, log),
    ).rejects.toMatchObject({ statusCode: 503, message: REPORT_MESSAGES.pdfNeedsChromium });
  });
});
