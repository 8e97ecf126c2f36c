import Papa from 'papaparse';
import { z } from 'zod';
import { isValidTimeZone, zonedToInstant } from './calendar';
import { isPlatformId, type MediaFacts, PLATFORMS, type PlatformId } from './platforms';
import { checkPost, timeZoneSchema } from './posts';

/**
 * Bulk import: a CSV of posts checked row by row with the composer's own rules (checkPost) before anything is
 * saved. The columns, limits and the repeat rule are documented in docs/bulk-import.md
 * (docs/decisions/0083-bulk-import.md).
 */

/** The template's columns, in order. Only `text` is required in the header; the others may be left out. */
export const BULK_IMPORT_COLUMNS = [
  'text',
  'date',
  'time',
  'timezone',
  'accounts',
  'media',
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

export const BULK_IMPORT_TEMPLATE = `${BULK_IMPORT_COLUMNS.join(',')}
"Our spring collection is here 🌷",2030-04-01,09:30,Europe/Paris,instagram;x,spring.jpg,launch
"Behind the scenes of the shoot",2030-04-02,12:00,,@yourhandle,,
"A post for the next free queue slot",,,,linkedin,,
`;

export const BULK_IMPORT_MESSAGES = {
  emptyFile:
    'The file has no rows. The first line names the columns (text, date, time, timezone, accounts, media, labels).',
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
  mediaUrl: (value: string) =>
    `Media from a link (${value}) is not imported yet: upload the file to the media library and give its name.`,
  unknownMedia: (value: string) => `No file named "${value}" in the media library.`,
  sameNameMedia: (value: string) => `Several files in the media library are named "${value}": rename one.`,
  repeatInFile: (line: number, handle: string) =>
    `Same text as line ${line} on ${handle} less than ${REPEAT_WINDOW_HOURS / 24} days apart: networks treat repeated text as spam.`,
  repeatOfPost: (handle: string) =>
    `The same text is already planned or published on ${handle} less than ${REPEAT_WINDOW_HOURS / 24} days from this time: networks treat repeated text as spam.`,
  labelsNotKept: 'Labels are not kept yet: the post is imported without them.',
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

const splitList = (value: string): string[] =>
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
  const names = header.map((name) => name.trim().toLowerCase());
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

/** What the checks need to know about the workspace (the server reads it; tests write it). */
export interface BulkImportWorkspace {
  accounts: readonly { id: string; platform: string; handle: string; status: string }[];
  /** The media library, by file name. */
  media: readonly (MediaFacts & { id: string })[];
  /** Posts already planned or published near the file's times, for the repeat guard. */
  existing: readonly { accountId: string; text: string; at: Date }[];
}

export interface BulkImportCheckOptions {
  mode: BulkImportMode;
  /** The user's time zone: a row without a `timezone` is read in it. */
  timeZone: string;
  now: Date;
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
  /** The instant, or null: the next free queue slot (scheduled) or no time (drafts). */
  scheduledAt: z.string().nullable(),
  timezone: z.string(),
  problems: z.array(z.string()),
  notes: z.array(z.string()),
});
export type BulkImportRow = z.infer<typeof bulkImportRowSchema>;

/** A platform as a file may name it: its id, or `x` for X (Twitter). */
function platformNamed(value: string | undefined): PlatformId | null {
  const lower = (value ?? '').trim().toLowerCase();
  if (lower === 'x') return 'twitter';
  return isPlatformId(lower) ? lower : null;
}

const handleKey = (handle: string) => handle.trim().replace(/^@/, '').toLowerCase();

/** The accounts a row names: a platform id takes its only connected account; a handle may carry `platform:`. */
function resolveAccounts(value: string, workspace: BulkImportWorkspace, problems: string[]) {
  const chosen = new Map<string, BulkImportWorkspace['accounts'][number]>();
  const entries = splitList(value.replace(/,/g, ';'));
  if (entries.length === 0) problems.push(BULK_IMPORT_MESSAGES.noAccounts);
  for (const entry of entries) {
    const named = platformNamed(entry);
    if (named) {
      const connected = workspace.accounts.filter((a) => a.platform === named && a.status === 'connected');
      const name = PLATFORMS[named].name;
      if (connected.length === 0) problems.push(BULK_IMPORT_MESSAGES.noAccountForPlatform(name));
      else if (connected.length > 1) problems.push(BULK_IMPORT_MESSAGES.severalAccounts(entry.toLowerCase()));
      else if (connected[0]) chosen.set(connected[0].id, connected[0]);
      continue;
    }
    const [maybePlatform, ...rest] = entry.split(':');
    const platform = rest.length > 0 ? platformNamed(maybePlatform) : null;
    const key = handleKey(platform ? rest.join(':') : entry);
    const matches = workspace.accounts.filter(
      (a) => handleKey(a.handle) === key && (!platform || a.platform === platform),
    );
    const [match] = matches;
    if (!match) problems.push(BULK_IMPORT_MESSAGES.unknownAccount(entry));
    else if (matches.length > 1) problems.push(BULK_IMPORT_MESSAGES.severalAccounts(`@${key}`));
    else if (match.status !== 'connected') problems.push(BULK_IMPORT_MESSAGES.accountNeedsReconnect(entry));
    else chosen.set(match.id, match);
  }
  return [...chosen.values()];
}

function resolveMedia(value: string, workspace: BulkImportWorkspace, problems: string[]) {
  const found: (MediaFacts & { id: string })[] = [];
  for (const entry of splitList(value)) {
    if (/^https?:\/\//i.test(entry)) {
      problems.push(BULK_IMPORT_MESSAGES.mediaUrl(entry));
      continue;
    }
    const matches = workspace.media.filter((file) => file.name.toLowerCase() === entry.toLowerCase());
    if (matches.length === 0) problems.push(BULK_IMPORT_MESSAGES.unknownMedia(entry));
    else if (matches.length > 1) problems.push(BULK_IMPORT_MESSAGES.sameNameMedia(entry));
    else if (matches[0]) found.push(matches[0]);
  }
  return found;
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]?\d|2[0-3]):[0-5]\d$/;

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The row's instant (null when both date and time are blank), in its own or the user's time zone. */
function resolveTime(fields: BulkImportSourceRow['fields'], fallbackZone: string, problems: string[]) {
  const timezone = fields.timezone || fallbackZone;
  if (fields.timezone && !isValidTimeZone(fields.timezone)) {
    problems.push(BULK_IMPORT_MESSAGES.badTimeZone(fields.timezone));
    return { timezone: fallbackZone, scheduledAt: null };
  }
  if (!fields.date && !fields.time) return { timezone, scheduledAt: null };
  if (!fields.date || !fields.time) {
    problems.push(BULK_IMPORT_MESSAGES.dateWithoutTime);
    return { timezone, scheduledAt: null };
  }
  const dateOk = DATE_PATTERN.test(fields.date) && isRealDate(fields.date);
  const timeOk = TIME_PATTERN.test(fields.time);
  if (!dateOk) problems.push(BULK_IMPORT_MESSAGES.badDate(fields.date));
  if (!timeOk) problems.push(BULK_IMPORT_MESSAGES.badTime(fields.time));
  if (!dateOk || !timeOk) return { timezone, scheduledAt: null };
  const time = fields.time.padStart(5, '0');
  return { timezone, scheduledAt: zonedToInstant(fields.date, time, timezone).toISOString() };
}

/** One row checked on its own: accounts, media, time and the composer's rules (checkPost). */
export function checkBulkRow(
  row: BulkImportSourceRow,
  workspace: BulkImportWorkspace,
  options: BulkImportCheckOptions,
): BulkImportRow {
  const problems: string[] = [];
  const { fields } = row;
  const accounts = resolveAccounts(fields.accounts, workspace, problems);
  const media = resolveMedia(fields.media, workspace, problems);
  const { timezone, scheduledAt } = resolveTime(fields, options.timeZone, problems);
  const platforms = [...new Set(accounts.map((a) => a.platform))].filter(isPlatformId) as PlatformId[];
  const action = options.mode === 'drafts' ? 'draft' : scheduledAt ? 'schedule' : 'queue';
  const postProblems = checkPost(
    { content: fields.text, platforms, overrides: {}, action, scheduledAt: scheduledAt ?? undefined },
    media,
    options.now,
  );
  for (const problem of postProblems) {
    const platform = isPlatformId(problem.path) ? `${PLATFORMS[problem.path].name}: ` : '';
    problems.push(`${platform}${problem.message}`);
  }
  return {
    line: row.line,
    fields,
    content: fields.text,
    platforms,
    accountIds: accounts.map((a) => a.id),
    accountHandles: accounts.map((a) => a.handle),
    mediaIds: media.map((m) => m.id),
    scheduledAt: options.mode === 'drafts' ? null : scheduledAt,
    timezone,
    problems,
    notes: splitList(fields.labels).length > 0 ? [BULK_IMPORT_MESSAGES.labelsNotKept] : [],
  };
}

/** Text compared by the repeat guard: case, spacing and surrounding blanks do not make a post different. */
export function repeatKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The repeat guard (docs/bulk-import.md): the same text on the same account less than REPEAT_WINDOW_HOURS apart,
 * within the file or against the workspace's planned and published posts. Rows without a time (the queue's
 * next slots) are compared with each other, whatever their slots. Drafts are not guarded: they publish nothing.
 */
export function addRepeatProblems(
  rows: BulkImportRow[],
  workspace: BulkImportWorkspace,
  options: Pick<BulkImportCheckOptions, 'mode'>,
): void {
  if (options.mode === 'drafts') return;
  const windowMs = REPEAT_WINDOW_HOURS * 3600 * 1000;
  const seen = new Map<string, { line: number; at: number | null }[]>();
  for (const row of rows) {
    if (!row.content.trim()) continue;
    const at = row.scheduledAt ? Date.parse(row.scheduledAt) : null;
    row.accountIds.forEach((accountId, index) => {
      const handle = row.accountHandles[index] ?? accountId;
      const key = `${accountId}\u0000${repeatKey(row.content)}`;
      const earlier = seen.get(key) ?? [];
      const clash = earlier.find(
        (e) => (e.at === null) === (at === null) && (at === null || Math.abs((e.at ?? 0) - at) < windowMs),
      );
      if (clash) row.problems.push(BULK_IMPORT_MESSAGES.repeatInFile(clash.line, handle));
      const planned =
        at !== null &&
        workspace.existing.some(
          (post) =>
            post.accountId === accountId &&
            repeatKey(post.text) === repeatKey(row.content) &&
            Math.abs(post.at.getTime() - at) < windowMs,
        );
      if (planned) row.problems.push(BULK_IMPORT_MESSAGES.repeatOfPost(handle));
      earlier.push({ line: row.line, at });
      seen.set(key, earlier);
    });
  }
}

/** Every row of a parsed file checked, repeat guard included. */
export function checkBulkRows(
  rows: readonly BulkImportSourceRow[],
  workspace: BulkImportWorkspace,
  options: BulkImportCheckOptions,
): BulkImportRow[] {
  const checked = rows.map((row) => checkBulkRow(row, workspace, options));
  addRepeatProblems(checked, workspace, options);
  return checked;
}

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
