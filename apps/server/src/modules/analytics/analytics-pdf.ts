import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { REPORT_MESSAGES } from '@relaycast/shared/analytics-report';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { AppError } from '../../lib/app-error';

/**
 * The PDF report (docs/decisions/0033-analytics-report-links-and-pdf.md): the read-only report page (`/r/<token>?print=1`) printed by headless Chromium, so
 * the PDF holds the same cards, charts and top posts as the page. Chromium is Debian's (CHROMIUM_PATH), driven by
 * playwright-core. One render at a time per server (a Chromium takes about 150 MB and most of a core), a couple
 * more wait their turn, the rest are told to come back; each render has a deadline.
 */

export const PDF_TIMEOUT_MS = 45_000;
const MAX_WAITING = 2;
/** The page sets this once its figures are drawn (charts without animation in print mode). */
export const REPORT_READY_SELECTOR = '[data-report-ready="true"]';

function unavailable(message: string): AppError {
  return new AppError('PDF_UNAVAILABLE', { message, headers: { 'retry-after': '10' } });
}

let running: Promise<unknown> = Promise.resolve();
let waiting = 0;

/** Runs `task` after every earlier one, one at a time; a full queue is a 503. */
async function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  if (waiting >= MAX_WAITING + 1) throw unavailable(REPORT_MESSAGES.pdfBusy);
  waiting += 1;
  const previous = running;
  let release = () => {};
  running = new Promise<void>((resolve) => {
    release = resolve;
  });
  try {
    await previous.catch(() => undefined);
    return await task();
  } finally {
    waiting -= 1;
    release();
  }
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where Chromium reaches this server: its own listening address (not PUBLIC_URL, which may be a proxy the server
 * cannot reach), or PUBLIC_URL when the web app is served by someone else (Vite in development).
 */
export function ownOrigin(app: FastifyInstance, publicUrl: string, servesWebApp: boolean): string {
  const address = app.server.address() as AddressInfo | string | null;
  if (!servesWebApp || !address || typeof address === 'string') return publicUrl;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

/** Prints `url` to an A4 PDF. 503 with a clear message when Chromium is missing, busy or too slow. */
export async function renderPdf(
  options: { chromiumPath: string; url: string; timeoutMs?: number },
  log: FastifyBaseLogger,
): Promise<Buffer> {
  if (!(await isExecutable(options.chromiumPath))) throw unavailable(REPORT_MESSAGES.pdfNeedsChromium);
  const timeoutMs = options.timeoutMs ?? PDF_TIMEOUT_MS;
  return oneAtATime(async () => {
    let browser: Browser | undefined;
    let timer: NodeJS.Timeout | undefined;
    let isOver = false;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        isOver = true;
        reject(unavailable(REPORT_MESSAGES.pdfTimedOut));
      }, timeoutMs);
    });
    const render = async () => {
      try {
        // Loaded on the first render: playwright-core alone adds about 80 MB to the server's memory
        // (docs/benchmarks.md, "Server memory"), and most servers never print a report.
        const { chromium } = await import('playwright-core');
        browser = await chromium.launch({ executablePath: options.chromiumPath, timeout: timeoutMs });
      } catch (error) {
        log.warn({ err: error }, 'Chromium did not start for the PDF report');
        throw unavailable(REPORT_MESSAGES.pdfNeedsChromium);
      }
      // A launch that finished after the deadline is closed here: the finally below ran before it existed.
      if (isOver) await browser.close();
      // The viewport is A4's printable width (190 mm at 96 dpi): the charts measure their box once drawn, so the
      // page is laid out at the width it is printed at instead of being cut when the print reflows it.
      const page = await browser.newPage({ viewport: { width: 718, height: 1000 } });
      await page.emulateMedia({ media: 'print' });
      await page.goto(options.url, { waitUntil: 'load', timeout: timeoutMs });
      await page.waitForSelector(REPORT_READY_SELECTOR, { timeout: timeoutMs });
      return page.pdf({
        format: 'A4',
        printBackground: true,
        margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' },
      });
    };
    try {
      return await Promise.race([render(), deadline]);
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.warn({ err: error }, 'The PDF report failed');
      throw unavailable(REPORT_MESSAGES.pdfFailed);
    } finally {
      clearTimeout(timer);
      await (browser as Browser | undefined)?.close().catch(() => undefined);
    }
  });
}
