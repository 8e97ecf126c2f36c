import { BULK_IMPORT_MESSAGES, type BulkImportRow } from './bulk-import';
import { LABEL_LIMITS, LABEL_SEPARATOR, labelKey, labelNameProblem, normalizeLabelName } from './labels';

/**
 * A bulk import's `link` and `labels` columns (docs/bulk-import.md, docs/labels.md): the link put in the post's
 * text, the label names read and checked, and the workspace's label limit over the whole file.
 */

/** Whether a `link` is a full web address (http or https, a host with a dot, no blanks). */
export function isPostLink(value: string): boolean {
  if (/\s/.test(value) || !/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * The post's text with its `link` (docs/bulk-import.md): on a line of its own after the text, unless the text
 * already holds it. The composer's count then sees it as any link typed in the text (a short link when the
 * workspace shortens links).
 */
export function withLink(text: string, link: string, problems: string[]): string {
  if (!link) return text;
  if (!isPostLink(link)) {
    problems.push(BULK_IMPORT_MESSAGES.badLink(link));
    return text;
  }
  if (text.includes(link)) return text;
  return text.trimEnd() ? `${text.trimEnd()}\n${link}` : link;
}

/** The `labels` column: names separated by ";", repeats (whatever their case) dropped, each name checked. */
export function labelsOf(column: string, problems: string[]): string[] {
  const names = new Map<string, string>();
  for (const raw of column.split(LABEL_SEPARATOR)) {
    const name = normalizeLabelName(raw);
    if (!name) continue;
    const problem = labelNameProblem(name);
    if (problem) problems.push(BULK_IMPORT_MESSAGES.badLabel(name, problem));
    else if (!names.has(labelKey(name))) names.set(labelKey(name), name);
  }
  if (names.size > LABEL_LIMITS.maxPerPost) {
    problems.push(BULK_IMPORT_MESSAGES.tooManyLabels(names.size, LABEL_LIMITS.maxPerPost));
  }
  return [...names.values()];
}

/**
 * The workspace's label limit over the whole file: the labels the rows create, in file order, until the workspace
 * would hold LABEL_LIMITS.maxLabels; a row naming one more new label is refused with its name.
 */
export function addLabelLimitProblems(rows: BulkImportRow[], existing: readonly { name: string }[]): void {
  const known = new Set(existing.map((label) => labelKey(label.name)));
  let room = LABEL_LIMITS.maxLabels - known.size;
  for (const row of rows) {
    if (row.problems.length > 0) continue;
    const fresh = row.labels.filter((name) => !known.has(labelKey(name)));
    if (fresh.length > room) {
      const over = fresh[room] ?? fresh[0] ?? '';
      row.problems.push(BULK_IMPORT_MESSAGES.labelLimitReached(over, LABEL_LIMITS.maxLabels));
      continue;
    }
    for (const name of fresh) known.add(labelKey(name));
    room -= fresh.length;
  }
}
