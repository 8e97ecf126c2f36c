import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfPagesText } from '../../apps/server/test/pdf-text';
import { seriousViolations } from './helpers';
import { signInAsNewUser } from './session';

test('a read-only report link on demo data: shared, opened signed out, revoked; and the PDF report', async ({
  page,
  browser,
}) => {
  // Demo data, a link, a second browser context, and a Chromium render on the server: a slow machine needs time.
  test.setTimeout(180_000);
  await signInAsNewUser(page, 'Reed Port');
  await page.goto('/analytics?range=90d');
  await page.getByRole('button', { name: 'Try with demo data' }).click();
  await expect(page.getByRole('region', { name: 'Total Followers' })).toContainText(/\d{2},\d{3}/, {
    timeout: 20_000,
  });
  const followers = await page.getByRole('region', { name: 'Total Followers' }).textContent();

  // Share the current filters for 1 day.
  await page.getByRole('button', { name: 'Share report link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share a read-only report' });
  await dialog.getByRole('combobox', { name: 'Expires after' }).selectOption('1');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const linkField = dialog.getByRole('textbox', { name: 'New report link (shown once)' });
  await expect(linkField).toHaveValue(/\/r\/[A-Za-z0-9_-]{43}$/);
  const url = await linkField.inputValue();
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('listitem')).toContainText('last 90 days');

  // A fresh, signed-out browser sees the same report, read-only.
  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  await guest.goto(url);
  await expect(guest.getByRole('heading', { name: 'Analytics report', level: 1 })).toBeVisible();
  // The white-label header: whose report it is.
  const workspaceName = (await guest.getByTestId('report-workspace').textContent()) ?? '';
  expect(workspaceName.length).toBeGreaterThan(0);
  await expect(guest.getByText('Demo data', { exact: true })).toBeVisible();
  for (const title of ['Total Followers', 'Engagement Rate', 'Total Shares', 'Comments']) {
    await expect(guest.getByRole('region', { name: title })).toBeVisible();
  }
  await expect(guest.getByRole('region', { name: 'Total Followers' })).toHaveText(followers ?? '');
  await expect(
    guest.getByRole('region', { name: 'Engagement Overview' }).locator('.recharts-line-curve'),
  ).toBeVisible();
  await expect(
    guest.getByRole('region', { name: 'Platform Distribution' }).locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  await expect(guest.getByRole('region', { name: 'Top posts' }).getByRole('row')).not.toHaveCount(0);
  // Nothing of the signed-in app: no navigation, no filters, no share or export controls.
  await expect(guest.getByRole('button', { name: 'Share report link' })).toHaveCount(0);
  await expect(guest.getByRole('group', { name: 'Analytics filters' })).toHaveCount(0);
  expect(await seriousViolations(guest)).toEqual([]);

  // What the PDF renderer prints (print mode, A4's printable width), for the review when SCREENSHOT_DIR is set.
  if (process.env.SCREENSHOT_DIR) {
    await guest.setViewportSize({ width: 718, height: 1000 });
    await guest.emulateMedia({ media: 'print' });
    await guest.goto(`${url}?print=1`);
    await expect(guest.locator('[data-report-ready="true"]')).toBeVisible();
    await guest.screenshot({
      path: `${process.env.SCREENSHOT_DIR}/analytics-report-print.png`,
      fullPage: true,
    });
  }

  // Revoked: the link says so and shows no figure.
  await dialog.getByRole('button', { name: /^Revoke link/ }).click();
  await expect(dialog.getByText('No active report links.')).toBeVisible();
  await guest.reload();
  await expect(guest.getByRole('alert')).toContainText('This report link was revoked.');
  await expect(guest.getByRole('region', { name: 'Total Followers' })).toHaveCount(0);
  await visitor.close();
  await page.keyboard.press('Escape');

  // The PDF: the same page printed by the server's Chromium.
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdfDialog = page.getByRole('dialog', { name: 'Download a PDF report' });
  await pdfDialog.getByRole('textbox', { name: 'Prepared for (optional)' }).fill('Café Zoë');
  if (process.env.SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/analytics-report-pdf-dialog.png` });
  }
  const downloadPromise = page.waitForEvent('download');
  await pdfDialog.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloadPromise;
  await expect(pdfDialog).toBeHidden();
  expect(download.suggestedFilename()).toMatch(
    /^relaycast-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  const pdf = await readFile((await download.path()) ?? '');
  // The review looks at it when SCREENSHOT_DIR is set, like the screenshots of analytics.spec.ts.
  if (process.env.SCREENSHOT_DIR) await writeFile(`${process.env.SCREENSHOT_DIR}/analytics-report.pdf`, pdf);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect((pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length).toBeGreaterThan(1);
  // What it says: whose report, for whom, the charts; and no control that only works on screen.
  const pages = pdfPagesText(pdf);
  const text = pages.join('\n');
  expect(pages[0]).toContain(workspaceName);
  expect(pages[0]).toContain('Prepared for Café Zoë');
  expect(text).toContain('Engagement Overview');
  expect(text).toContain('Platform Distribution');
  expect(text).not.toContain('Show the figures as a table');
  // The short links' clicks (none on demo data), printed after the top posts.
  expect(text).toContain('Link clicks');
  expect(text).toContain('No clicks on short links in this period.');
  // A top-posts table that runs over a page repeats its header there, labels included.
  const tablePages = pages.filter((p) => /relaycast[._]demo/.test(p));
  expect(tablePages.length).toBeGreaterThan(0);
  for (const tablePage of tablePages) expect(tablePage).toMatch(/Views[\s\S]*Comments[\s\S]*Shares/);
});

test('weekly or monthly report e-mails: refused addresses say why, a schedule is saved, shown again and stopped', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, 'Mae Lister');
  await page.goto('/analytics');
  await page.getByRole('button', { name: 'Try with demo data' }).click();
  await expect(page.getByRole('region', { name: 'Total Followers' })).toContainText(/\d/, {
    timeout: 20_000,
  });

  await page.getByRole('button', { name: 'Email reports' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email reports' });
  await expect(dialog.getByText('No report e-mails are scheduled.')).toBeVisible();
  const recipients = dialog.getByRole('textbox', { name: /Send to/ });
  await dialog.getByRole('button', { name: 'Schedule e-mails' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Add at least one e-mail address.');
  await recipients.fill('boss@example.com, not-an-address');
  await dialog.getByRole('button', { name: 'Schedule e-mails' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter valid e-mail addresses, separated by commas.');

  await dialog.getByRole('combobox', { name: 'How often' }).selectOption('monthly');
  await recipients.fill('boss@example.com, team@example.com');
  await dialog.getByRole('button', { name: 'Schedule e-mails' }).click();
  await expect(page.getByText('Report e-mails scheduled.')).toBeVisible();
  await expect(dialog.getByTestId('report-schedule-summary')).toContainText(
    'Monthly, on the 1st, to boss@example.com, team@example.com.',
  );

  // Saved on the server: after a reload the schedule is still there, and Stop sending ends it.
  await page.reload();
  await page.getByRole('button', { name: 'Email reports' }).click();
  await expect(dialog.getByTestId('report-schedule-summary')).toContainText('Monthly, on the 1st');
  await expect(dialog.getByRole('textbox', { name: /Send to/ })).toHaveValue(
    'boss@example.com, team@example.com',
  );
  expect(await seriousViolations(page)).toEqual([]);
  if (process.env.SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/analytics-email-reports.png` });
  }
  await dialog.getByRole('button', { name: 'Stop sending' }).click();
  await expect(page.getByText('Report e-mails stopped.')).toBeVisible();
  await expect(dialog.getByText('No report e-mails are scheduled.')).toBeVisible();
});
