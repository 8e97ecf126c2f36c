import { describe, expect, it } from 'vitest';
import {
  BULK_IMPORT_MAX_ROWS,
  BULK_IMPORT_MESSAGES,
  BULK_IMPORT_TEMPLATE,
  parseBulkCsv,
  rowsWithProblemsCsv,
  withRowFixed,
} from './bulk-import';
import { type BulkImportWorkspace, checkBulkRows } from './bulk-import-rows';
import { POST_MESSAGES } from './posts';

const now = new Date('2030-01-01T12:00:00Z');
const workspace: BulkImportWorkspace = {
  accounts: [
    { id: 'a-x', platform: 'twitter', handle: '@acme', status: 'connected' },
    { id: 'a-li', platform: 'linkedin', handle: 'Acme Inc', status: 'connected' },
    { id: 'a-bs1', platform: 'bluesky', handle: 'one.bsky.social', status: 'connected' },
    { id: 'a-bs2', platform: 'bluesky', handle: 'two.bsky.social', status: 'needs_reconnect' },
    { id: 'a-ig', platform: 'instagram', handle: 'acme.ig', status: 'connected' },
  ],
  media: [{ id: 'm1', name: 'spring.jpg', mimeType: 'image/jpeg', sizeBytes: 1000 }],
  existing: [{ accountId: 'a-li', text: 'Already  planned', at: new Date('2030-02-02T09:00:00Z') }],
};
const options = { mode: 'scheduled' as const, timeZone: 'Europe/Paris', now };

function check(csv: string, mode: 'scheduled' | 'drafts' = 'scheduled') {
  const parsed = parseBulkCsv(csv);
  expect(parsed.problems).toEqual([]);
  return checkBulkRows(parsed.rows, workspace, { ...options, mode });
}

describe('parseBulkCsv', () => {
  it('reads quoted fields over several lines and gives each row its line in the file', () => {
    const parsed = parseBulkCsv('\uFEFFText,Date,Time\n"one, two\nthree",2030-02-01,09:00\n\nfour,,\n');
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows.map((row) => [row.line, row.fields.text])).toEqual([
      [2, 'one, two\nthree'],
      [5, 'four'],
    ]);
  });

  it('refuses a file without a text column, with unknown columns, empty or too long', () => {
    expect(parseBulkCsv('body,date\nx,y').problems).toEqual([
      BULK_IMPORT_MESSAGES.noTextColumn,
      BULK_IMPORT_MESSAGES.unknownColumn('body'),
    ]);
    expect(parseBulkCsv('text\n').problems).toEqual([BULK_IMPORT_MESSAGES.emptyFile]);
    const long = `text\n${'hello\n'.repeat(BULK_IMPORT_MAX_ROWS + 1)}`;
    expect(parseBulkCsv(long).problems).toEqual([BULK_IMPORT_MESSAGES.tooManyRows]);
    expect(parseBulkCsv(`text\n${'a'.repeat(2 * 1024 * 1024)}`).problems).toEqual([
      BULK_IMPORT_MESSAGES.tooLarge,
    ]);
  });

  it('reads rows pasted from a spreadsheet (tab-separated)', () => {
    const parsed = parseBulkCsv('text\tdate\ttime\taccounts\nHello, world\t2030-02-01\t09:00\tx\n');
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows[0]?.fields).toMatchObject({ text: 'Hello, world', date: '2030-02-01', accounts: 'x' });
  });

  it('reads the template without a problem', () => {
    expect(parseBulkCsv(BULK_IMPORT_TEMPLATE).rows).toHaveLength(3);
  });
});

describe('checkBulkRows', () => {
  it('turns a good row into the post it makes, in its own time zone', () => {
    const [row] = check(
      'text,date,time,timezone,accounts,media\nHello,2030-02-01,09:30,America/New_York,x;@acme.ig,spring.jpg',
    );
    expect(row?.problems).toEqual([]);
    expect(row?.scheduledAt).toBe('2030-02-01T14:30:00.000Z');
    expect(row?.accountIds).toEqual(['a-x', 'a-ig']);
    expect(row?.platforms).toEqual(['twitter', 'instagram']);
    expect(row?.mediaIds).toEqual(['m1']);
  });

  it('reads each file’s alt text in the order of the media column, and the first comment', () => {
    const [row, noMedia, tooMany, xOnly, longX] = check(
      [
        'text,accounts,media,Alt text,First comment,date,time',
        '"Hi",@acme.ig,spring.jpg,"A rail of dresses","Link in bio",2030-02-01,09:00',
        '"No file",@acme.ig,,"Alt without a file",,2030-02-01,10:00',
        '"Two texts",@acme.ig,spring.jpg,"one|two",,2030-02-01,11:00',
        '"X only",x,,,"A comment",2030-02-01,12:00',
        `"Long",x,spring.jpg,"${'a'.repeat(1001)}",,2030-02-01,13:00`,
      ].join('\n'),
    );
    expect(row?.problems).toEqual([]);
    expect(row?.altTexts).toEqual(['A rail of dresses']);
    expect(row?.firstComment).toBe('Link in bio');
    expect(noMedia?.problems).toContain(BULK_IMPORT_MESSAGES.altTextWithoutMedia);
    expect(tooMany?.problems).toContain(BULK_IMPORT_MESSAGES.moreAltTextsThanMedia(2, 1));
    expect(xOnly?.problems).toEqual([]);
    expect(xOnly?.notes).toContain(BULK_IMPORT_MESSAGES.firstCommentNotSent);
    expect(longX?.problems.some((problem) => problem.includes('alt text of at most 1,000'))).toBe(true);
  });

  it('reads a row without a time zone in the user’s, and a blank time as the next queue slot', () => {
    const [dated, queued] = check('text,date,time,accounts\nA,2030-02-01,9:05,x\nB,,,x');
    expect(dated?.scheduledAt).toBe('2030-02-01T08:05:00.000Z');
    expect(dated?.timezone).toBe('Europe/Paris');
    expect(queued?.problems).toEqual([]);
    expect(queued?.scheduledAt).toBeNull();
  });

  it('says exactly what is wrong with each bad row', () => {
    const rows = check(
      [
        'text,date,time,timezone,accounts,media,labels',
        'Past,2029-12-31,10:00,,x,,',
        'Bad date,2030-02-30,25:00,,x,,',
        'Half,2030-02-01,,,x,,',
        'Zone,2030-02-01,10:00,Mars/Base,x,,',
        ',2030-02-01,10:00,,x,,',
        `${'y'.repeat(281)},2030-02-01,10:00,,x,,`,
        'No account,2030-02-01,10:00,,,,',
        'Unknown,2030-02-01,10:00,,@nobody;tiktok;bluesky;bluesky:two.bsky.social,,',
        'Media,2030-02-01,10:00,,x,https://example.com/a.jpg;missing.png,',
        'Instagram without media,2030-02-01,10:00,,instagram,,',
        'Labelled,2030-02-01,10:00,,x,,spring',
      ].join('\n'),
    );
    expect(rows.map((row) => row.problems)).toEqual([
      [POST_MESSAGES.scheduleInPast],
      [BULK_IMPORT_MESSAGES.badDate('2030-02-30'), BULK_IMPORT_MESSAGES.badTime('25:00')],
      [BULK_IMPORT_MESSAGES.dateWithoutTime],
      [BULK_IMPORT_MESSAGES.badTimeZone('Mars/Base')],
      [POST_MESSAGES.empty],
      [expect.stringMatching(/^X \(Twitter\): /)],
      [BULK_IMPORT_MESSAGES.noAccounts],
      [
        BULK_IMPORT_MESSAGES.unknownAccount('@nobody'),
        BULK_IMPORT_MESSAGES.noAccountForPlatform('TikTok'),
        BULK_IMPORT_MESSAGES.accountNeedsReconnect('bluesky:two.bsky.social'),
      ],
      [
        BULK_IMPORT_MESSAGES.mediaNotFetched('https://example.com/a.jpg', ''),
        BULK_IMPORT_MESSAGES.unknownMedia('missing.png'),
      ],
      [expect.stringMatching(/^Instagram: /)],
      [],
    ]);
    // Labels are kept now (docs/labels.md): the row carries them, without a note.
    expect(rows.at(-1)?.labels).toEqual(['spring']);
    expect(rows.at(-1)?.notes).toEqual([]);
  });

  it('refuses the same text on the same account less than 3 days apart, in the file or planned', () => {
    const rows = check(
      [
        'text,date,time,accounts',
        'Same text,2030-02-01,10:00,x',
        'same   TEXT,2030-02-03,10:00,x;linkedin',
        'Same text,2030-02-07,10:00,x',
        'Already planned,2030-02-03,08:00,Acme Inc',
        'Queued,,,x',
        'Queued,,,x',
      ].join('\n'),
    );
    expect(rows.map((row) => row.problems)).toEqual([
      [],
      [BULK_IMPORT_MESSAGES.repeatInFile(2, '@acme')],
      [],
      [BULK_IMPORT_MESSAGES.repeatOfPost('Acme Inc')],
      [],
      [BULK_IMPORT_MESSAGES.repeatInFile(6, '@acme')],
    ]);
  });

  it('checks drafts only for emptiness and accounts, as the composer does', () => {
    const [row] = check(`text,date,time,accounts\n${'y'.repeat(400)},2029-01-01,10:00,x`, 'drafts');
    expect(row?.problems).toEqual([]);
    expect(row?.scheduledAt).toBeNull();
  });

  it('counts each address as its short link when the rows’ links are shortened (docs/decisions/0080)', () => {
    const long = `https://example.com/${'a'.repeat(320)}`;
    const short = `${'b'.repeat(288)} http://a.bc`; // 300 as typed
    const parsed = parseBulkCsv(
      `text,date,time,accounts\nHello ${long},2030-03-02,09:30,bluesky\n${short},2030-03-09,09:30,bluesky`,
    ).rows;
    const typed = checkBulkRows(parsed, workspace, options).map((row) => row.problems);
    expect(typed[0]).toEqual([expect.stringMatching(/^Bluesky: Bluesky allows at most 300 characters/)]);
    expect(typed[1]).toEqual([]);
    const base = 'https://rc.example';
    const shortened = checkBulkRows(parsed, workspace, { ...options, shortLinkBase: base });
    expect(shortened.map((row) => row.problems)).toEqual([
      [],
      [`Bluesky: Bluesky allows at most 300 characters; this text has ${289 + `${base}/xxxxxxx`.length}.`],
    ]);
    expect(shortened[0]?.content).toBe(`Hello ${long}`);
  });
});

describe('rowsWithProblemsCsv', () => {
  it('writes the bad rows back with a problems column', () => {
    const rows = check('text,date,time,accounts\n"Past, sadly",2029-12-31,10:00,x\nFine,2030-02-01,10:00,x');
    expect(rowsWithProblemsCsv(rows)).toBe(
      `text,link,date,time,timezone,accounts,media,alt_text,first_comment,labels,problems\r\n"Past, sadly",,2029-12-31,10:00,,x,,,,,${POST_MESSAGES.scheduleInPast}`,
    );
  });
});

describe('withRowFixed', () => {
  it('changes only the fixed row, keeps quoting and the other rows, and leaves an unreadable file alone', () => {
    const csv = ['text,accounts,date,time', '"Hello, world",@nobody,2030-01-01,09:00', 'Second,x,,'].join(
      '\n',
    );
    const fixed = withRowFixed(csv, 2, { accounts: 'mastodon', text: 'Hello, "you"' });
    const rows = parseBulkCsv(fixed).rows;
    expect(rows.map((row) => [row.fields.text, row.fields.accounts, row.fields.date])).toEqual([
      ['Hello, "you"', 'mastodon', '2030-01-01'],
      ['Second', 'x', ''],
    ]);
    expect(withRowFixed('body\nhello', 2, { text: 'x' })).toBe('body\nhello');
  });
});

describe('the repeat guard at scale', () => {
  it('checks 1,000 rows against 2,000 planned posts by key, not row by post', () => {
    const existing = Array.from({ length: 2_000 }, (_, n) => ({
      accountId: 'a-li',
      text: `Planned post number ${n} with a few more words`,
      at: new Date(Date.UTC(2030, 1, 1, 0, n)),
    }));
    const lines = ['text,date,time,accounts'];
    for (let n = 0; n < 999; n += 1) lines.push(`Row ${n} of the file,2030-02-01,09:00,linkedin`);
    lines.push('planned POST number 7 with a few more words,2030-02-01,10:00,linkedin');
    const started = performance.now();
    const rows = checkBulkRows(parseBulkCsv(lines.join('\n')).rows, { ...workspace, existing }, options);
    // Row by post this took seconds (2 million text normalisations); by key, milliseconds.
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(rows.at(-1)?.problems).toEqual([BULK_IMPORT_MESSAGES.repeatOfPost('Acme Inc')]);
  });
});
