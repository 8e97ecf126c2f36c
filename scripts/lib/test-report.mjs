// What `npm test` repeats at the end of its log, read from the Vitest and Playwright JSON reports: each failed test
// by name with the first line of its error, and the slowest test files (where a log's tail shows them).
import path from 'node:path';

/** The first non-empty line of the first message, without a terminal's colour codes. */
export function firstLine(messages) {
  const text = (messages ?? []).find((message) => typeof message === 'string' && message.trim() !== '') ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes of a terminal report
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '').trim();
  return plain.split('\n')[0].slice(0, 300);
}

/** Vitest's JSON report: failed tests (and files that failed without a failed test) and each file's wall time. */
export function vitestFindings(report, root) {
  const failures = [];
  const fileTimes = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    if (file.endTime > file.startTime) fileTimes.push({ name, ms: file.endTime - file.startTime });
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed)
      failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages)}`);
    if (file.status === 'failed' && failed.length === 0)
      failures.push(`${name}: ${firstLine([file.message])}`);
  }
  return { failures, fileTimes };
}

/** Playwright's JSON report (suites hold specs and suites; a spec's tests hold results): failures, time per file. */
export function playwrightFindings(report, testDir) {
  const failures = [];
  const perFile = new Map();
  const walk = (suites, titles) => {
    for (const suite of suites) {
      const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
      for (const spec of suite.specs ?? []) {
        const results = (spec.tests ?? []).flatMap((test) => test.results ?? []);
        const ms = results.reduce((sum, result) => sum + (result.duration ?? 0), 0);
        const file = path.join(testDir, spec.file ?? suite.file ?? suite.title);
        perFile.set(file, (perFile.get(file) ?? 0) + ms);
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const errors = (test.results ?? []).map((result) => result.error?.message);
          failures.push(`${[file, ...here, spec.title].join(' › ')}: ${firstLine(errors)}`);
        }
      }
      walk(suite.suites ?? [], here);
    }
  };
  walk(report.suites ?? [], []);
  return { failures, fileTimes: [...perFile].map(([name, ms]) => ({ name, ms })) };
}

/**
 * The closing lines: how long each step took (so a CI log shows where its minutes went), the slowest files, then
 * the failed tests (nothing when there are none).
 */
export function summaryLines({ failures, fileTimes, stepTimes = [] }, slowest = 10) {
  const lines = [];
  if (stepTimes.length > 0) {
    const total = stepTimes.reduce((sum, step) => sum + step.ms, 0);
    lines.push('', `Time by step (${formatMinutes(total)} in all):`);
    for (const step of stepTimes) lines.push(`  ${formatMinutes(step.ms).padStart(9)}  ${step.name}`);
  }
  if (fileTimes.length > 0) {
    lines.push('', `The ${slowest} slowest test files:`);
    const sorted = [...fileTimes].sort((a, b) => b.ms - a.ms).slice(0, slowest);
    for (const file of sorted) lines.push(`  ${(file.ms / 1000).toFixed(1).padStart(7)} s  ${file.name}`);
  }
  if (failures.length > 0) lines.push('', 'Failed tests:', ...failures.map((line) => `  ✗ ${line}`));
  return lines;
}

/** 754_000 → "12 min 34 s"; under a minute, "34 s". */
export function formatMinutes(ms) {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${String(seconds % 60).padStart(2, '0')} s` : `${seconds} s`;
}
