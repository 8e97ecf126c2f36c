import { ALT_TEXT_MESSAGES, acceptsFirstComment, MAX_FIRST_COMMENT } from './alt-text';
import {
  ALT_TEXT_SEPARATOR,
  BULK_IMPORT_MESSAGES,
  type BulkImportMode,
  type BulkImportRow,
  type BulkImportSourceRow,
  REPEAT_WINDOW_HOURS,
  splitList,
} from './bulk-import';
import { addLabelLimitProblems, labelsOf, withLink } from './bulk-import-columns';
import { isValidTimeZone, zonedToInstant } from './calendar';
import { isPlatformId, type MediaFacts, PLATFORMS, type PlatformId } from './platforms';
import { checkPost } from './posts';

/**
 * The checks of a bulk import's rows (docs/bulk-import.md): accounts, media, time, the composer's own rules
 * (checkPost) and the repeat guard. Pure: the server reads the workspace, tests write it.
 */

/** What the checks need to know about the workspace (the server reads it; tests write it). */
export interface BulkImportWorkspace {
  accounts: readonly { id: string; platform: string; handle: string; status: string }[];
  /** The media library, by file name. */
  media: readonly (MediaFacts & { id: string })[];
  /** Posts already planned or published near the file's times, for the repeat guard. */
  existing: readonly { accountId: string; text: string; at: Date }[];
  /**
   * Media by public URL, as the server fetched them (the file's facts, with `remoteMediaId(url)` as id until the
   * import stores it), or why it could not. A URL missing here is refused as not fetched.
   */
  remote?: ReadonlyMap<string, { file: MediaFacts & { id: string } } | { problem: string }>;
  /** The workspace's labels by name: a row's label not among them is created by the import (docs/labels.md). */
  labels?: readonly { name: string }[];
}

/** The id a row's media by URL carries between the checks and the import, which stores it and swaps the id. */
export const remoteMediaId = (url: string) => `url:${url}`;

/** Whether a `media` entry is a public URL rather than a library file name. */
export const isMediaUrl = (entry: string) => /^https?:\/\//i.test(entry);

/** The distinct URLs of the rows' media columns (the server fetches each once). */
export function mediaUrlsOf(rows: readonly { fields: { media: string } }[]): string[] {
  const urls = rows.flatMap((row) => row.fields.media.split(/[;\n]/).map((entry) => entry.trim()));
  return [...new Set(urls.filter(isMediaUrl))];
}

export interface BulkImportCheckOptions {
  mode: BulkImportMode;
  /** The user's time zone: a row without a `timezone` is read in it. */
  timeZone: string;
  now: Date;
  /**
   * Where the rows' links will be shortened at publish (`checkPost`'s `shortLinkBase`): each web address then
   * counts as the short link that replaces it. A file has no per-row switch, so the workspace's mode decides
   * for every row, as for a composer post left untouched (docs/decisions/0080-short-links.md).
   */
  shortLinkBase?: string | null;
}

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
    if (isMediaUrl(entry)) {
      const fetched = workspace.remote?.get(entry);
      if (fetched && 'file' in fetched) found.push(fetched.file);
      else problems.push(BULK_IMPORT_MESSAGES.mediaNotFetched(entry, fetched?.problem ?? ''));
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
  const altTexts = altTextsOf(fields.alt_text, media.length, problems);
  const firstComment = fields.first_comment;
  if (firstComment.length > MAX_FIRST_COMMENT) problems.push(ALT_TEXT_MESSAGES.firstCommentTooLong);
  const notes: string[] = [];
  const labels = labelsOf(fields.labels, problems);
  const link = fields.link.trim();
  const content = withLink(fields.text, link, problems);
  if (firstComment && platforms.length > 0 && !platforms.some(acceptsFirstComment)) {
    notes.push(BULK_IMPORT_MESSAGES.firstCommentNotSent);
  }
  const postProblems = checkPost(
    {
      content,
      platforms,
      overrides: {},
      action,
      scheduledAt: scheduledAt ?? undefined,
      altTextsInOrder: altTexts,
    },
    media,
    options.now,
    { shortLinkBase: options.shortLinkBase ?? null },
  );
  for (const problem of postProblems) {
    const platform = isPlatformId(problem.path) ? `${PLATFORMS[problem.path].name}: ` : '';
    problems.push(`${platform}${problem.message}`);
  }
  return {
    line: row.line,
    fields,
    content,
    platforms,
    accountIds: accounts.map((a) => a.id),
    accountHandles: accounts.map((a) => a.handle),
    mediaIds: media.map((m) => m.id),
    labels,
    link,
    altTexts,
    firstComment,
    scheduledAt: options.mode === 'drafts' ? null : scheduledAt,
    timezone,
    problems,
    notes,
  };
}

/** The `alt_text` column: one text per file, separated by "|", in the order of the `media` column. */
function altTextsOf(column: string, files: number, problems: string[]): string[] {
  if (!column.trim()) return Array.from({ length: files }, () => '');
  const texts = column.split(ALT_TEXT_SEPARATOR).map((text) => text.trim());
  if (files === 0) problems.push(BULK_IMPORT_MESSAGES.altTextWithoutMedia);
  else if (texts.length > files)
    problems.push(BULK_IMPORT_MESSAGES.moreAltTextsThanMedia(texts.length, files));
  return Array.from({ length: files }, (_, index) => texts[index] ?? '');
}

/** Text compared by the repeat guard: case, spacing and surrounding blanks do not make a post different. */
export function repeatKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The repeat guard (docs/bulk-import.md): the same text on the same account less than REPEAT_WINDOW_HOURS apart,
 * within the file or against the workspace's planned and published posts. Rows without a time (the queue's
 * next slots) are compared with each other and with every post of the same text from 3 days ago on, whatever
 * their slots. Drafts are not guarded: they publish nothing.
 */
export function addRepeatProblems(
  rows: BulkImportRow[],
  workspace: BulkImportWorkspace,
  options: Pick<BulkImportCheckOptions, 'mode' | 'now'>,
): void {
  if (options.mode === 'drafts') return;
  const windowMs = REPEAT_WINDOW_HOURS * 3600 * 1000;
  const seen = new Map<string, { line: number; at: number | null }[]>();
  // The workspace's posts by account and text, read once: a file of 1,000 rows against 1,000 planned posts
  // compares keys, not every row with every post.
  const plannedAt = new Map<string, number[]>();
  for (const post of workspace.existing) {
    const key = `${post.accountId}\u0000${repeatKey(post.text)}`;
    const times = plannedAt.get(key) ?? [];
    times.push(post.at.getTime());
    plannedAt.set(key, times);
  }
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
      // A queued row's slot is not known yet: any post of the same text from the window's start on clashes.
      const planned = (plannedAt.get(key) ?? []).some((postAt) =>
        at === null ? postAt > options.now.getTime() - windowMs : Math.abs(postAt - at) < windowMs,
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
  addLabelLimitProblems(checked, workspace.labels ?? []);
  return checked;
}
