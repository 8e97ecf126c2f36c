import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layout rules for what the docs and comments name (docs/conventions.md, "Docs that cannot drift"): a
 * repository path named in README.md, a doc under docs/ or a code comment exists, and a comment cites a decision
 * record or a doc, never "issue N" of a tracker that is not in the repository. Part of the layout test
 * (layout.test.ts holds the folders and sizes).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * `apps/…`, `packages/…`, `docs/…`, `scripts/…`, `e2e/…`, not inside a URL or a longer word; the second group
 * holds a placeholder or glob character that follows (`<platform>`, `*.ts`, `{en,es}`, `…`), which skips it.
 */
const REPO_PATH = /(?<![\w@./-])((?:apps|packages|docs|scripts|e2e)\/[\w.@/-]*)([<*{…]?)/g;
const ISSUE_CITATION = /\bissues? #?\d+/i;

/**
 * Whether a named path is in the repository: as it is, a decision record named by number (`docs/decisions/0041`),
 * or a build output (`apps/server/dist/…`, made by `npm run build`).
 */
export function isRepositoryPath(named: string, exists: (relative: string) => boolean): boolean {
  const clean = named.replace(/[.-]+$/, '');
  if (exists(clean)) return true;
  if (/^apps\/[^/]+\/dist(\/|$)/.test(clean)) return true;
  const record = /^docs\/decisions\/(\d{4})$/.exec(clean);
  return record?.[1] !== undefined && exists(`docs/decisions/${record[1]}`);
}

/** The repository paths a text names that do not exist, as "line: path". */
export function missingPaths(text: string, exists: (relative: string) => boolean): string[] {
  const missing: string[] = [];
  text.split('\n').forEach((line, index) => {
    // A source list entry (`- **B1** other-repo `docs/…``) names another project's file.
    if (/^- \*\*[A-Z0-9]+\*\* /.test(line)) return;
    for (const [, named = '', placeholder] of line.matchAll(REPO_PATH)) {
      if (placeholder) continue;
      if (!isRepositoryPath(named, exists)) missing.push(`${index + 1}: ${named.replace(/[.-]+$/, '')}`);
    }
  });
  return missing;
}

/** The comment parts of a TypeScript or JavaScript file, line by line (other lines empty, so numbers hold). */
export function commentText(source: string): string {
  let inBlock = false;
  return source
    .split('\n')
    .map((line) => {
      if (inBlock) {
        if (line.includes('*/')) inBlock = false;
        return line;
      }
      const block = line.indexOf('/*');
      const lineComment = line.search(/(^|[^:])\/\//);
      const starts = [block, lineComment].filter((at) => at >= 0);
      if (starts.length === 0) return '';
      const from = Math.min(...starts);
      if (from === block && !line.slice(block + 2).includes('*/')) inBlock = true;
      return line.slice(from);
    })
    .join('\n');
}

/** Whether a decision record says its status and its date near the top (docs/decisions/0001-foundation-stack.md). */
export function hasStatusAndDate(record: string): boolean {
  const head = record.split('\n').slice(0, 15).join('\n');
  return /\bstatus\b/i.test(head) && /\bdate\b[^\n]*\d{4}-\d{2}-\d{2}/i.test(head);
}

/** "line: text" of each comment line that cites an issue number. */
export function issueCitations(source: string): string[] {
  return commentText(source)
    .split('\n')
    .flatMap((line, index) => (ISSUE_CITATION.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'data', 'test-results', 'playwright-report'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full, keep));
    else if (keep(full)) found.push(full);
  }
  return found;
}

const existsInRepo = (relative: string) =>
  existsSync(path.join(repoRoot, relative)) ||
  (/^docs\/decisions\/\d{4}$/.test(relative) &&
    readdirSync(path.join(repoRoot, 'docs/decisions')).some((name) =>
      name.startsWith(path.basename(relative)),
    ));

/** Code of every part; this file is left out, its rules' examples break the rules on purpose. */
const codeFiles = () =>
  ['apps', 'packages', 'e2e', 'scripts'].flatMap((dir) =>
    filesUnder(
      path.join(repoRoot, dir),
      (file) =>
        /\.(ts|tsx|mjs)$/.test(file) && !file.endsWith('.d.ts') && file !== fileURLToPath(import.meta.url),
    ),
  );

describe('what the docs and comments name', () => {
  it('names only repository paths that exist, in README.md, docs/ and code comments', () => {
    const docs = [
      path.join(repoRoot, 'README.md'),
      ...filesUnder(path.join(repoRoot, 'docs'), (f) => f.endsWith('.md')),
    ];
    const broken = [
      ...docs.flatMap((file) =>
        missingPaths(readFileSync(file, 'utf8'), existsInRepo).map(
          (miss) => `${path.relative(repoRoot, file)}:${miss}`,
        ),
      ),
      ...codeFiles().flatMap((file) =>
        missingPaths(commentText(readFileSync(file, 'utf8')), existsInRepo).map(
          (miss) => `${path.relative(repoRoot, file)}:${miss}`,
        ),
      ),
    ];
    expect(broken).toEqual([]);
  });

  it('cites decision records and docs in code comments, never "issue N"', () => {
    const citations = codeFiles().flatMap((file) =>
      issueCitations(readFileSync(file, 'utf8')).map((line) => `${path.relative(repoRoot, file)}:${line}`),
    );
    expect(citations).toEqual([]);
  });

  it('gives every decision record a status and a date', () => {
    const dir = path.join(repoRoot, 'docs/decisions');
    const undated = readdirSync(dir).filter(
      (name) => name.endsWith('.md') && !hasStatusAndDate(readFileSync(path.join(dir, name), 'utf8')),
    );
    expect(undated).toEqual([]);
    expect(hasStatusAndDate('# 0001 A record\n\nStatus: accepted · Date: 2026-11-22\n')).toBe(true);
    expect(hasStatusAndDate('# 0002 A record\n\nIssue 18 asks for it.\n')).toBe(false);
  });

  it('finds a missing path and an issue citation when there is one (the rules themselves work)', () => {
    const exists = (relative: string) =>
      ['apps/server/src/app.ts', 'docs/decisions/0041-roles.md', 'docs/decisions/0041'].includes(relative);
    const doc = [
      'See `apps/server/src/app.ts`, docs/decisions/0041 and docs/decisions/0041-roles.md.',
      'The old `apps/server/src/gone.ts` and packages/shared/src/missing.ts are gone.',
      'Built to apps/server/dist/server.js; a link https://example.com/docs/x.md is not ours.',
      'Placeholders such as apps/server/src/platforms/<platform>/ and e2e/*.spec.ts are skipped.',
      '- **B1** bluesky-social/bsky-docs `docs/advanced-guides/oauth-client.md`',
    ].join('\n');
    expect(missingPaths(doc, exists)).toEqual([
      '2: apps/server/src/gone.ts',
      '2: packages/shared/src/missing.ts',
    ]);

    const code = [
      "const url = 'docs/not-a-comment.md'; // see docs/missing.md",
      '/**',
      ' * Roles (issue 19): see docs/decisions/0041-roles.md.',
      ' */',
      '{/* Bottom right (Issue 15) */}',
      "const label = 'issue 3 is a string, not a citation';",
    ].join('\n');
    expect(missingPaths(commentText(code), exists)).toEqual(['1: docs/missing.md']);
    expect(issueCitations(code)).toEqual([
      '3: * Roles (issue 19): see docs/decisions/0041-roles.md.',
      '5: /* Bottom right (Issue 15) */}',
    ]);
  });
});
