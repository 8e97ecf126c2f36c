import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FUNCTION_BUDGET, longFunctions } from './layout.test-support';

/**
 * The layout rules of docs/architecture.md, checked on every run so the map keeps matching the territory:
 * the server's folders form layers (plugins → modules → platforms/lib/db) with no import cycle between
 * them, no product file grows past 400 lines (one past 300 says why in its opening comment), no function
 * passes FUNCTION_BUDGET lines without a `function-budget:` reason right above it, and every file's name ends
 * in a suffix docs/conventions.md lists (docs/conventions.md).
 */
const serverSrc = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(serverSrc, '../../..');

/** Product code only: tests, their support files and the platforms' fakes are not part of the layers. */
function isProductFile(file: string): boolean {
  return (
    /\.tsx?$/.test(file) &&
    !/\.d\.ts$/.test(file) &&
    !/\.(test|spec)\.tsx?$/.test(file) &&
    !/test-support/.test(file) &&
    !/\.fake\.ts$/.test(file) &&
    !file.split(path.sep).includes('testing') &&
    !file.split(path.sep).includes('test') &&
    !file.split(path.sep).includes('fuzz')
  );
}

function productFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') found.push(...productFiles(full));
    } else if (isProductFile(full)) {
      found.push(full);
    }
  }
  return found;
}

/** Every TypeScript file of the workspace's sources, tests included (the function budget covers them all). */
function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist'].includes(entry.name)) found.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) {
      found.push(full);
    }
  }
  return found;
}

/**
 * The file-name suffixes docs/conventions.md allows: the backquoted suffixes of the first column of the table in
 * its "File names" section. The list lives there only; this test reads it.
 */
export function allowedSuffixes(conventions: string): Set<string> {
  const section = conventions.split(/^## /m).find((part) => part.startsWith('File names')) ?? '';
  const suffixes = new Set<string>();
  for (const line of section.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const [, suffix] of firstCell.matchAll(/`(\.[a-z.-]+)`/g)) if (suffix) suffixes.add(suffix);
  }
  return suffixes;
}

/**
 * Whether a file name is a topic in kebab-case followed by an allowed suffix; a test may add `.test` to the
 * suffix of the file it tests (`instagram.connector.test.ts`).
 */
export function isAllowedFileName(name: string, suffixes: Set<string>): boolean {
  const dot = name.indexOf('.');
  if (dot <= 0 || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name.slice(0, dot))) return false;
  const suffix = name.slice(dot);
  return suffixes.has(suffix) || suffixes.has(suffix.replace(/\.test(?=\.[a-z]+$)/, ''));
}

/** Every code file's path under a folder (TypeScript and JavaScript, declarations included). */
function codeFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'data', 'test-results', 'playwright-report'].includes(entry.name))
        found.push(...codeFiles(full));
    } else if (/\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/.test(entry.name)) {
      found.push(full);
    }
  }
  return found;
}

/** Where the project's own code lives: the file-name rules hold there. */
const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/server/test',
  'apps/web/src',
  'packages/shared/src',
  'e2e',
  'scripts',
];

/** A file name that says it fakes, stubs or mocks something. */
function isFakeName(name: string): boolean {
  return /(^|[.-])(fakes?|stubs?|mocks?)([.-]|$)/i.test(name);
}

/** Every file below `dir`, build outputs and dependencies left out. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).some((part) => part === 'node_modules' || part === 'dist'));
}

/** A function of `lines` lines, with an optional comment above it, as a parser sees it. */
function fixtureFunction(lines: number, comment = ''): string {
  const body = Array.from({ length: lines - 2 }, (_, index) => `  const line${index} = ${index};`);
  return `${comment}export function tooLong() {\n${body.join('\n')}\n}\n`;
}

/**
 * The folder a server file belongs to: modules/<name>, platforms/<name>, or the top folder (lib, db, …). A file
 * directly in platforms/ is its own node (types.ts is what every connector builds on, registry.ts what lists
 * them all): the connectors sit between the two.
 */
function serverFolder(file: string): string {
  const parts = path.relative(serverSrc, file).replace(/\.ts$/, '').split(path.sep);
  if (parts[0] === 'modules' || parts[0] === 'platforms') return parts.slice(0, 2).join('/');
  return parts[0] ?? '';
}

/** Value imports between server folders (type-only imports vanish at run time and make no cycle). */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of productFiles(serverSrc)) {
    const from = serverFolder(file);
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/^\s*import type\b/.test(line) || /^\s*export type\b/.test(line)) continue;
      const match = /(?:from|import\()\s*'(\.{1,2}\/[^']+)'/.exec(line);
      if (!match?.[1]) continue;
      const to = serverFolder(path.resolve(path.dirname(file), match[1]));
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      edges.set(to, path.relative(serverSrc, file));
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every cycle's folders, as "a → b → a" with the file that makes each step. */
function cycles(graph: Map<string, Map<string, string>>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const [next, file] of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const loop = stack.slice(stack.indexOf(next));
        found.push(`${[...loop, next].join(' → ')} (last step in ${file})`);
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('the layout', () => {
  it('has no import cycle between the server folders', () => {
    expect(cycles(folderGraph())).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['modules/a', new Map([['modules/b', 'a.ts']])],
      ['modules/b', new Map([['modules/a', 'b.ts']])],
    ]);
    expect(cycles(graph)).toEqual(['modules/a → modules/b → modules/a (last step in b.ts)']);
  });

  it('keeps modules above lib, db and platforms: those never import a module or a plugin', () => {
    const upward: string[] = [];
    for (const [from, edges] of folderGraph()) {
      const isLowerLayer = from === 'lib' || from === 'db' || from.startsWith('platforms/');
      if (!isLowerLayer) continue;
      for (const [to, file] of edges) {
        if (to.startsWith('modules/') || to === 'plugins') upward.push(`${file} imports ${to}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('has no product file over 400 lines, and each over 300 says why in its opening comment', () => {
    const roots = ['apps/server/src', 'apps/web/src', 'packages/shared/src'].map((dir) =>
      path.join(repoRoot, dir),
    );
    const tooLong: string[] = [];
    const unexplained: string[] = [];
    for (const file of roots.flatMap(productFiles)) {
      const text = readFileSync(file, 'utf8');
      const lines = text.split('\n').length;
      const name = path.relative(repoRoot, file);
      if (lines > 400) tooLong.push(`${name} (${lines})`);
      else if (lines > 300 && !text.slice(0, 1500).includes('Over 300 lines on purpose'))
        unexplained.push(name);
    }
    expect(tooLong).toEqual([]);
    expect(unexplained).toEqual([]);
  });

  it(`keeps every function within ${FUNCTION_BUDGET} lines, or says why right above it`, () => {
    const roots = ['apps/server/src', 'apps/web/src', 'packages/shared/src', 'e2e'];
    const unexplained: string[] = [];
    for (const file of roots.flatMap((dir) => sourceFiles(path.join(repoRoot, dir)))) {
      const isTestFile = /\.(test|spec)\.tsx?$/.test(file);
      for (const found of longFunctions(readFileSync(file, 'utf8'), file, { isTestFile })) {
        if (!found.hasReason)
          unexplained.push(
            `${path.relative(repoRoot, file)}:${found.line} ${found.name} (${found.lines} lines)`,
          );
      }
    }
    expect(unexplained).toEqual([]);
  });

  describe('file names (docs/conventions.md, "File names")', () => {
    const suffixes = allowedSuffixes(readFileSync(path.join(repoRoot, 'docs/conventions.md'), 'utf8'));

    it('end every source file in a suffix the conventions list', () => {
      const misnamed = SOURCE_ROOTS.flatMap((dir) => codeFiles(path.join(repoRoot, dir)))
        .filter((file) => !isAllowedFileName(path.basename(file), suffixes))
        .map((file) => path.relative(repoRoot, file));
      expect(misnamed).toEqual([]);
    });

    it('reads the list from the conventions, and refuses a topic written as a suffix', () => {
      expect(suffixes.has('.routes.ts')).toBe(true);
      expect(suffixes.has('.test.ts')).toBe(true);
      const table =
        '## File names\n\n| Suffix | What |\n| --- | --- |\n| `.ts`, `.tsx` | a topic |\n| `.routes.ts` | routes |\n\n## Next\n| `.other.ts` | no |\n';
      const small = allowedSuffixes(table);
      expect([...small]).toEqual(['.ts', '.tsx', '.routes.ts']);
      expect(isAllowedFileName('publishing-claim.ts', small)).toBe(true);
      expect(isAllowedFileName('posts.routes.ts', small)).toBe(true);
      expect(isAllowedFileName('posts.routes.test.ts', small)).toBe(true);
      expect(isAllowedFileName('publishing.claim.ts', small)).toBe(false);
      expect(isAllowedFileName('Publishing_claim.ts', small)).toBe(false);
      expect(isAllowedFileName('posts.other.ts', small)).toBe(false);
    });
  });

  it('names every fake <thing>.fake.ts, next to what it stands in for (docs/conventions.md, "Tests")', () => {
    const misnamed = SOURCE_ROOTS.flatMap((dir) => filesUnder(path.join(repoRoot, dir)))
      .map((file) => path.relative(repoRoot, file))
      .filter(
        (file) => isFakeName(path.basename(file)) && !/\.fake(\.test)?\.(ts|tsx|mjs|d\.mts)$/.test(file),
      );
    expect(misnamed).toEqual([]);
    expect(
      ['stripe-fake.ts', 'fake-server.ts', 'platform-fakes.ts', 's3-stub.ts'].filter(isFakeName),
    ).toHaveLength(4);
  });

  describe('the function budget itself', () => {
    it(`finds a function of ${FUNCTION_BUDGET + 1} lines with no reason, and none of ${FUNCTION_BUDGET}`, () => {
      expect(longFunctions(fixtureFunction(FUNCTION_BUDGET + 1), 'a.ts', { isTestFile: false })).toEqual([
        { name: 'tooLong', line: 1, lines: FUNCTION_BUDGET + 1, hasReason: false },
      ]);
      expect(longFunctions(fixtureFunction(FUNCTION_BUDGET), 'a.ts', { isTestFile: false })).toEqual([]);
    });

    it('lets a long function pass with a function-budget reason right above it, not one further up', () => {
      const reasoned = fixtureFunction(
        FUNCTION_BUDGET + 1,
        '/** Does a lot. */\n// function-budget: one table\n',
      );
      expect(longFunctions(reasoned, 'a.ts', { isTestFile: false })[0]?.hasReason).toBe(true);
      const detached = fixtureFunction(FUNCTION_BUDGET + 1, '// function-budget: one table\n\n');
      expect(longFunctions(detached, 'a.ts', { isTestFile: false })[0]?.hasReason).toBe(false);
      const empty = fixtureFunction(FUNCTION_BUDGET + 1, '// function-budget:\n');
      expect(longFunctions(empty, 'a.ts', { isTestFile: false })[0]?.hasReason).toBe(false);
    });

    it("measures arrows, methods and components, and skips only a test file's describe/it callbacks", () => {
      const body = Array.from({ length: FUNCTION_BUDGET }, (_, index) => `  x(${index});`).join('\n');
      const source = [
        `const Panel = () => {\n${body}\n};`,
        `class Jobs {\n  run() {\n${body}\n  }\n}`,
        `describe('cases', () => {\n${body}\n});`,
      ].join('\n');
      const names = (isTestFile: boolean) =>
        longFunctions(source, 'a.test.tsx', { isTestFile }).map((found) => found.name);
      expect(names(false)).toEqual(['Panel', 'run', 'describe(…) callback']);
      expect(names(true)).toEqual(['Panel', 'run']);
    });
  });
});
