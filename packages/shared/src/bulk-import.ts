import Papa from 'papaparse';
import { z } from 'zod';
import { timeZoneSchema } from './posts';

/**
 * Bulk import: a CSV of posts checked row by row with the composer's own rules (checkPost) before anything is
 * saved. The columns, limits and the repeat rule are documented in docs/bulk-import.md
 * (docs/decisions/0083-bulk-import.md).
 */

/** The template's columns, in order. Only `text` is required in the header; the others may be left out. */
export const BULK_IMPORT_COLUMNS = [
  'text',
  'link',
  'date',
  'time',
  'timezone',
  'accounts',
  'media',
  'alt_text',
  'first_comment',
  'labels',
] as const;
export type BulkImportColumn = (typeof BULK_IMPORT_COLUMNS)[number];

/** A file larger than this, or with more rows, is refused whole. */
export const BULK_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const BULK_IMPORT_MAX_ROWS = 1000;
/** The repeat guard: the same text on the same account less than this apart is refused (docs/bulk-import.md). */
export const REPEAT_WINDOW_HOURS = 72;

export const BULK_IMPORT_MODES = ['scheduled', 'drafts'] as const;
export type BulkImportMode = (typeof BULK_IMPORT_MODES)[number];

/** Between the alt texts of a row's files, in the order of its `media` column. */
export const ALT_TEXT_SEPARATOR = '|';

export const BULK_IMPORT_TEMPLATE = `${BULK_IMPORT_COLUMNS.join(',')}
"Our spring collection is here 🌷",https://example.com/spring,2030-04-01,09:30,Europe/Paris,instagram;x,spring.jpg,"Three dresses on a rail in morning light","Shop the collection: link in bio",launch;Spring
"Behind the scenes of the shoot",,2030-04-02,12:00,,@yourhandle,,,,
"A post for the next free queue slot",,,,,linkedin,,,,
`;

export const BULK_IMPORT_MESSAGES = {
  emptyFile:
    'The file has no rows. The first line names the columns (text, link, date, time, timezone, accounts, media, alt_text, first_comment, labels).',
  noTextColumn: 'The first line must name the columns, and one of them must be "text".',
  tooLarge: `The file is larger than ${BULK_IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
  tooManyRows: `A file can hold at most ${BULK_IMPORT_MAX_ROWS.toLocaleString('en-US')} posts. Split it into smaller files.`,
  unreadable: (line: number, reason: string) => `Line ${line} could not be read: ${reason}.`,
  unknownColumn: (name: string) =>
    `Unknown column "${name}". The columns are: ${BULK_IMPORT_COLUMNS.join(', ')}.`,
  noAccounts: 'Name at least one platform or account in the "accounts" column.',
  badDate: (value: string) => `"${value}" is not a date: write it as YYYY-MM-DD (2030-04-01).`,
  badTime: (value: string) =>
    `"${value}" is not a time: write it as HH:MM on a 24-hour clock (09:30, 17:45).`,
  dateWithoutTime: 'Give both a date and a time, or leave both blank for the next free queue slot.',
  badTimeZone: (value: string) => `Unknown time zone "${value}": use an IANA name such as Europe/Paris.`,
  noAccountForPlatform: (platform: string) => `No connected ${platform} account in this workspace.`,
  severalAccounts: (platform: string) =>
    `This workspace has several ${platform} accounts: name one by its handle (${platform}:@handle).`,
  unknownAccount: (value: string) => `No account "${value}" is connected in this workspace.`,
  accountNeedsReconnect: (handle: string) => `The account ${handle} needs to be reconnected before posting.`,
  mediaNotFetched: (url: string, reason: string) => `Could not fetch ${url}${reason ? `: ${reason}` : '.'}`,
  unknownMedia: (value: string) => `No file named "${value}" in the media library.`,
  sameNameMedia: (value: string) => `Several files in the media library are named "${value}": rename one.`,
  repeatInFile: (line: number, handle: string) =>
    `Same text as line ${line} on ${handle} less than ${REPEAT_WINDOW_HOURS / 24} days apart: networks treat repeated text as spam.`,
  repeatOfPost: (handle: string) =>
    `The same text is already planned or published on ${handle} less than ${REPEAT_WINDOW_HOURS / 24} days from this time: networks treat repeated text as spam.`,
  badLink: (value: string) =>
    `"${value}" is not a web address: write the link in full, starting with https:// (https://example.com/spring).`,
  badLabel: (name: string, problem: string) => `Label "${name}": ${problem}`,
  tooManyLabels: (count: number, max: number) =>
    `The row names ${count} labels: a post has at most ${max}. Separate them with ";".`,
  labelLimitReached: (name: string, max: number) =>
    `Label "${name}" would be new, but the workspace would then hold more than ${max} labels: use an existing label or delete one first.`,
  altTextWithoutMedia: 'The row has alt text but no media: name its files in the "media" column.',
  moreAltTextsThanMedia: (texts: number, files: number) =>
    `The row has ${texts} alt texts for ${files} file${files === 1 ? '' : 's'}: separate one per file with "|", in the order of the "media" column.`,
  firstCommentNotSent:
    "None of this row's networks takes a first comment (Instagram, Facebook, LinkedIn, YouTube do): it is kept but not sent.",
  repeatedFile:
    'This file was already imported in this workspace. Import it again only if you mean to post it twice.',
  nothingToImport: 'No row can be imported: fix the rows with problems first.',
} as const;

/** One row of the file, as written (`line` is its line in the file, the header being line 1). */
export interface BulkImportSourceRow {
  line: number;
  fields: Record<BulkImportColumn, string>;
}

export interface ParsedBulkFile {
  rows: BulkImportSourceRow[];
  /** Problems with the whole file: nothing can be imported until they are fixed. */
  problems: string[];
}

export const splitList = (value: string): string[] =>
  value
    .split(/[;\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** Reads the CSV (RFC 4180 quoting, UTF-8, a header row; a BOM and blank lines are ignored). */
export function parseBulkCsv(csv: string): ParsedBulkFile {
  if (new TextEncoder().encode(csv).length > BULK_IMPORT_MAX_BYTES) {
    return { rows: [], problems: [BULK_IMPORT_MESSAGES.tooLarge] };
  }
  const result = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...body] = result.data;
  if (!header || body.length === 0) return { rows: [], problems: [BULK_IMPORT_MESSAGES.emptyFile] };
  // "Alt text", "alt-text" and "alt_text" name the same column.
  const names = header.map((name) =>
    name
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  const problems = names
    .filter((name) => name && !(BULK_IMPORT_COLUMNS as readonly string[]).includes(name))
    .map((name) => BULK_IMPORT_MESSAGES.unknownColumn(name));
  if (!names.includes('text')) problems.unshift(BULK_IMPORT_MESSAGES.noTextColumn);
  if (body.length > BULK_IMPORT_MAX_ROWS) problems.push(BULK_IMPORT_MESSAGES.tooManyRows);
  for (const error of result.errors.filter((e) => e.type !== 'Delimiter')) {
    problems.push(BULK_IMPORT_MESSAGES.unreadable((error.row ?? 0) + 1, error.message));
  }
  if (problems.length > 0) return { rows: [], problems };
  const lines = lineNumbers(csv, body.length);
  const rows = body.map((cells, index) => {
    const fields = Object.fromEntries(BULK_IMPORT_COLUMNS.map((column) => [column, ''])) as Record<
      BulkImportColumn,
      string
    >;
    names.forEach((name, position) => {
      if ((BULK_IMPORT_COLUMNS as readonly string[]).includes(name)) {
        fields[name as BulkImportColumn] = (cells[position] ?? '').trim();
      }
    });
    return { line: lines[index] ?? index + 2, fields };
  });
  return { rows, problems: [] };
}

/** The line in the file where each data row starts (quoted fields may span lines; blank lines are skipped). */
function lineNumbers(csv: string, count: number): number[] {
  const starts: number[] = [];
  const text = csv.replace(/^\uFEFF/, '');
  let line = 1;
  let rowStart = 1;
  let inQuotes = false;
  let rowHasText = false;
  let isHeader = true;
  for (let i = 0; i <= text.length && starts.length < count; i += 1) {
    const char = text[i];
    if (char === '"') inQuotes = !inQuotes;
    if (char === '\n') line += 1;
    if (i < text.length && (inQuotes || char !== '\n')) {
      if (char !== ',' && char?.trim()) rowHasText = true;
      continue;
    }
    if (rowHasText && !isHeader) starts.push(rowStart);
    if (rowHasText) isHeader = false;
    rowStart = line;
    rowHasText = false;
  }
  return starts;
}

/** One row after the checks: the post it makes, or what is wrong with it. */
export const bulkImportRowSchema = z.object({
  line: z.number().int(),
  fields: z.record(z.string(), z.string()),
  content: z.string(),
  platforms: z.array(z.string()),
  accountIds: z.array(z.string()),
  accountHandles: z.array(z.string()),
  mediaIds: z.array(z.string()),
  /** The row's labels by name, as written (case kept, repeats dropped): existing ones are matched whatever the case. */
  labels: z.array(z.string()),
  /** The row's `link`, already on its own line in `content` unless the text held it ('' for none). */
  link: z.string(),
  /** The alt text of each file of `mediaIds`, in its order ('' for none). */
  altTexts: z.array(z.string()),
  firstComment: z.string(),
  /** The instant, or null: the next free queue slot (scheduled) or no time (drafts). */
  scheduledAt: z.string().nullable(),
  timezone: z.string(),
  problems: z.array(z.string()),
  notes: z.array(z.string()),
});
export type BulkImportRow = z.infer<typeof bulkImportRowSchema>;

/** `POST /api/bulk-import/preview` and `POST /api/bulk-import`. */
export const bulkImportRequestSchema = z.object({
  csv: z.string().max(BULK_IMPORT_MAX_BYTES * 2),
  mode: z.enum(BULK_IMPORT_MODES).default('scheduled'),
  /** The user's time zone: a row without one is read in it. */
  timeZone: timeZoneSchema.default('UTC'),
  /** True: import a file already imported in this workspace all the same. */
  confirmRepeatedFile: z.boolean().default(false),
});
export type BulkImportRequest = z.input<typeof bulkImportRequestSchema>;

export const bulkImportPreviewSchema = z.object({
  problems: z.array(z.string()),
  rows: z.array(bulkImportRowSchema),
  /** True when this very file was imported in the workspace before. */
  alreadyImported: z.boolean(),
});
export type BulkImportPreview = z.infer<typeof bulkImportPreviewSchema>;

export const bulkImportResultSchema = z.object({
  importId: z.string(),
  postIds: z.array(z.string()),
  /** The rows left out for their problems (the preview lists why). */
  skippedLines: z.array(z.number().int()),
});
export type BulkImportResult = z.infer<typeof bulkImportResultSchema>;

/**
 * Progress of a preview or an import, when the browser asks for it (`Accept: application/x-ndjson`, docs/decisions/
 * 0083-bulk-import.md): media by URL fetched, rows checked, posts saved. The answer is then a stream of lines, each
 * `{ type: 'progress', stage, done, of }`, ending with `{ type: 'result', status, body }`: the status and body the
 * same request answers without the header (an error's `{ code, message }` too).
 */
export const BULK_IMPORT_STAGES = ['fetching', 'checking', 'saving'] as const;
export type BulkImportStage = (typeof BULK_IMPORT_STAGES)[number];
export const bulkImportProgressSchema = z.object({
  stage: z.enum(BULK_IMPORT_STAGES),
  done: z.number().int().min(0),
  of: z.number().int().min(0),
});
export type BulkImportProgress = z.infer<typeof bulkImportProgressSchema>;

/** The rows with problems as a CSV to fix and upload again: the file's columns and a `problems` column. */
export function rowsWithProblemsCsv(rows: readonly BulkImportRow[]): string {
  const bad = rows.filter((row) => row.problems.length > 0);
  return Papa.unparse({
    fields: [...BULK_IMPORT_COLUMNS, 'problems'],
    data: bad.map((row) => [
      ...BULK_IMPORT_COLUMNS.map((c) => row.fields[c] ?? ''),
      row.problems.join(' | '),
    ]),
  });
}

/** The columns a row can be fixed in inside the preview. */
export const BULK_IMPORT_FIXABLE = [
  'text',
  'link',
  'date',
  'time',
  'timezone',
  'accounts',
  'media',
  'labels',
] as const;

/**
 * The file with one row's fields changed (a row fixed in the preview, then checked again with the whole file):
 * every row written back with the template's columns, the others as they were. A file that cannot be read is
 * returned as it is.
 */
export function withRowFixed(
  csv: string,
  line: number,
  changes: Partial<Record<BulkImportColumn, string>>,
): string {
  const parsed = parseBulkCsv(csv);
  if (parsed.problems.length > 0) return csv;
  return Papa.unparse({
    fields: [...BULK_IMPORT_COLUMNS],
    data: parsed.rows.map((row) =>
      BULK_IMPORT_COLUMNS.map((column) =>
        row.line === line ? (changes[column] ?? row.fields[column]) : row.fields[column],
      ),
    ),
  });
}
