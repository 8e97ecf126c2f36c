import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { BULK_IMPORT_MESSAGES, BULK_IMPORT_TEMPLATE, parseBulkCsv, rowsWithProblemsCsv } from './bulk-import';
import { isPostLink, labelsOf, withLink } from './bulk-import-columns';
import { type BulkImportWorkspace, checkBulkRows } from './bulk-import-rows';
import { LABEL_LIMITS, LABEL_MESSAGES, postsWithLabel } from './labels';

const now = new Date('2030-01-01T12:00:00Z');
const workspace: BulkImportWorkspace = {
  accounts: [
    { id: 'a-x', platform: 'twitter', handle: '@acme', status: 'connected' },
    { id: 'a-bs', platform: 'bluesky', handle: 'one.bsky.social', status: 'connected' },
  ],
  media: [],
  existing: [],
  labels: [{ name: 'Launch' }],
};
const options = { mode: 'scheduled' as const, timeZone: 'UTC', now };

function check(csv: string, on: BulkImportWorkspace = workspace, base: string | null = null) {
  const parsed = parseBulkCsv(csv);
  expect(parsed.problems).toEqual([]);
  return checkBulkRows(parsed.rows, on, { ...options, shortLinkBase: base });
}

describe('the link column', () => {
  it('accepts full http(s) addresses only', () => {
    expect(isPostLink('https://example.com/spring?utm=1')).toBe(true);
    expect(isPostLink('http://shop.example.org')).toBe(true);
    for (const bad of [
      'example.com',
      'ftp://example.com',
      'https://localhost',
      'https://exa mple.com',
      'https://',
    ]) {
      expect(isPostLink(bad), bad).toBe(false);
    }
  });

  it('puts the link on its own line after the text, unless the text holds it already', () => {
    const problems: string[] = [];
    expect(withLink('Spring is here', 'https://example.com/s', problems)).toBe(
      'Spring is here\nhttps://example.com/s',
    );
    expect(withLink('See https://example.com/s today', 'https://example.com/s', problems)).toBe(
      'See https://example.com/s today',
    );
    expect(withLink('', 'https://example.com/s', problems)).toBe('https://example.com/s');
    expect(problems).toEqual([]);
    expect(withLink('Text', 'www.example.com', problems)).toBe('Text');
    expect(problems).toEqual([BULK_IMPORT_MESSAGES.badLink('www.example.com')]);
  });

  it('makes the row’s post text, refuses a bad link with its message, and counts it in the platform’s limit', () => {
    const long = `https://example.com/${'a'.repeat(60)}`;
    const text = 'y'.repeat(240);
    const csv = [
      'text,link,date,time,accounts',
      `Hello,https://example.com/spring,2030-02-01,10:00,x`,
      `Hello,example.com/spring,2030-02-02,10:00,x`,
      `${text},${long},2030-02-03,10:00,bluesky`,
    ].join('\n');
    const [good, bad, counted] = check(csv);
    expect(good?.content).toBe('Hello\nhttps://example.com/spring');
    expect(good?.link).toBe('https://example.com/spring');
    expect(good?.problems).toEqual([]);
    expect(bad?.problems).toEqual([BULK_IMPORT_MESSAGES.badLink('example.com/spring')]);
    // 240 + newline + 80 = 321 on Bluesky (300): refused as typed…
    expect(counted?.problems).toEqual([
      expect.stringMatching(/^Bluesky: Bluesky allows at most 300 characters/),
    ]);
    // …and counted as its short link when the workspace shortens links.
    const [, , shortened] = check(csv, workspace, 'https://rc.example');
    expect(shortened?.problems).toEqual([]);
  });

  it('is in the template and in the file of rows to fix', () => {
    const template = parseBulkCsv(BULK_IMPORT_TEMPLATE);
    expect(template.problems).toEqual([]);
    expect(template.rows[0]?.fields.link).toBe('https://example.com/spring');
    const rows = check('text,link,date,time,accounts\nHi,nope,2030-02-01,10:00,x');
    const [header, line] = Papa.parse<string[]>(rowsWithProblemsCsv(rows)).data;
    expect(header?.slice(0, 2)).toEqual(['text', 'link']);
    expect(header?.at(-1)).toBe('problems');
    expect(line?.slice(0, 2)).toEqual(['Hi', 'nope']);
    expect(line?.at(-1)).toBe(BULK_IMPORT_MESSAGES.badLink('nope'));
  });
});

describe('the labels column', () => {
  it('reads names separated by ";", drops repeats whatever their case and checks each name', () => {
    const problems: string[] = [];
    expect(labelsOf(' Launch ; spring;launch;;  Big   sale ', problems)).toEqual([
      'Launch',
      'spring',
      'Big sale',
    ]);
    expect(problems).toEqual([]);
    const long = 'x'.repeat(LABEL_LIMITS.maxName + 1);
    expect(labelsOf(`ok;${long}`, problems)).toEqual(['ok']);
    expect(problems).toEqual([BULK_IMPORT_MESSAGES.badLabel(long, LABEL_MESSAGES.nameTooLong)]);
  });

  it('refuses more labels on a row than a post takes', () => {
    const names = Array.from({ length: LABEL_LIMITS.maxPerPost + 1 }, (_, n) => `l${n}`).join(';');
    const [row] = check(`text,date,time,accounts,labels\nHi,2030-02-01,10:00,x,${names}`);
    expect(row?.problems).toEqual([
      BULK_IMPORT_MESSAGES.tooManyLabels(LABEL_LIMITS.maxPerPost + 1, LABEL_LIMITS.maxPerPost),
    ]);
  });

  it('refuses the row whose new label would take the workspace over its limit, counting the file’s new labels once', () => {
    const full: BulkImportWorkspace = {
      ...workspace,
      labels: Array.from({ length: LABEL_LIMITS.maxLabels - 1 }, (_, n) => ({ name: `Old ${n}` })),
    };
    const rows = check(
      [
        'text,date,time,accounts,labels',
        'One,2030-02-01,10:00,x,Fresh;old 1',
        'Two,2030-02-02,10:00,x,fresh',
        'Three,2030-02-03,10:00,x,Another',
        'Four,2030-02-04,10:00,x,OLD 2',
      ].join('\n'),
      full,
    );
    expect(rows.map((row) => row.problems)).toEqual([
      [],
      [],
      [BULK_IMPORT_MESSAGES.labelLimitReached('Another', LABEL_LIMITS.maxLabels)],
      [],
    ]);
    expect(rows[0]?.labels).toEqual(['Fresh', 'old 1']);
  });
});

describe('postsWithLabel', () => {
  it('keeps the posts carrying the label, or every post without one', () => {
    const posts = [{ id: 'p1', labels: [{ id: 'l1' }] }, { id: 'p2', labels: [] }, { id: 'p3' }];
    expect(postsWithLabel(posts, 'l1').map((post) => post.id)).toEqual(['p1']);
    expect(postsWithLabel(posts, '').map((post) => post.id)).toEqual(['p1', 'p2', 'p3']);
  });
});
