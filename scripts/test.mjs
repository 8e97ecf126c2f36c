// `npm test`: install what is missing, then lint, type-check, unit + integration (Vitest) and browser tests
// (Playwright with Debian's Chromium). Ends with one line of totals over every suite.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, ensureSystemPackages, ROOT, run } from './lib/setup.mjs';
import { playwrightFindings, summaryLines, vitestFindings } from './lib/test-report.mjs';

const setupStarted = performance.now();
await ensureDependencies();
const chromium = ensureSystemPackages();
const setupMs = performance.now() - setupStarted;

const RESULTS = path.join(ROOT, '.test-results');
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** What the end of the log repeats: failed tests by name and the time of each test file. */
const findings = {
  failures: [],
  fileTimes: [],
  stepTimes: [{ name: 'install what is missing', ms: setupMs }],
};
function addFindings({ failures, fileTimes }) {
  findings.failures.push(...failures);
  findings.fileTimes.push(...fileTimes);
}

/** A step that is not a test runner (lint, type-check, build) counts as one check. */
async function check(name, command, args, options) {
  console.info(`\n▶ ${name}`);
  const code = await timed(name, () => run(command, args, options));
  if (code === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    problems.push(name);
  }
  return code === 0;
}

/** Runs one step and notes its time for the closing lines. */
async function timed(name, step) {
  const started = performance.now();
  try {
    return await step();
  } finally {
    findings.stepTimes.push({ name, ms: performance.now() - started });
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

await check('lint (biome)', 'npx', ['biome', 'ci', '.']);
const typeTargets = ['packages/shared', 'apps/server', 'apps/web', 'e2e'];
await check('type-check (tsc)', 'sh', ['-c', typeTargets.map((dir) => `npx tsc -p ${dir}`).join(' && ')]);

console.info('\n▶ unit and integration tests (vitest)');
const vitestJson = path.join(RESULTS, 'vitest.json');
const vitestCode = await timed('unit and integration tests (vitest)', () =>
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]),
);
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  if (vitest.numFailedTests > 0 || vitestCode !== 0) problems.push('vitest');
  addFindings(vitestFindings(vitest, ROOT));
  if (vitestCode !== 0 && vitest.numFailedTests === 0) totals.failed += 1;
} else {
  totals.failed += 1;
  problems.push('vitest (no report)');
}

const builtOk = await check('build', 'npm', ['run', 'build', '--silent']);
if (builtOk) {
  console.info('\n▶ browser tests (playwright + chromium)');
  const playwrightJson = path.join(RESULTS, 'playwright.json');
  const code = await timed('browser tests (playwright)', () =>
    run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'], {
      env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    }),
  );
  const report = existsSync(playwrightJson) ? readJson(playwrightJson) : undefined;
  if (report?.stats) {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
    if (report.stats.unexpected > 0 || code !== 0) problems.push('playwright');
    addFindings(playwrightFindings(report, 'e2e/tests'));
    if (code !== 0 && report.stats.unexpected === 0) totals.failed += 1;
  } else {
    totals.failed += 1;
    problems.push('playwright (no report)');
  }
}

for (const line of summaryLines(findings)) console.info(line);
if (problems.length > 0) console.info(`\nFailed: ${problems.join(', ')}`);
console.info(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
