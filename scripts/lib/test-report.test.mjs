import { describe, expect, it } from 'vitest';
import {
  firstLine,
  formatMinutes,
  playwrightFindings,
  summaryLines,
  vitestFindings,
} from './test-report.mjs';

describe('firstLine', () => {
  it('keeps the first non-empty line without colour codes', () => {
    expect(firstLine(['', '\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at x.ts:1'])).toBe(
      'AssertionError: expected 1 to be 2',
    );
    expect(firstLine(undefined)).toBe('');
  });
});

describe('vitestFindings', () => {
  it('names each failed test with its file, and a file that failed without a test', () => {
    const report = {
      testResults: [
        {
          name: '/repo/apps/a.test.ts',
          status: 'failed',
          startTime: 1000,
          endTime: 4000,
          assertionResults: [
            { status: 'passed', fullName: 'works', failureMessages: [] },
            { status: 'failed', fullName: 'group breaks', failureMessages: ['Error: boom\nstack'] },
          ],
        },
        { name: '/repo/apps/b.test.ts', status: 'failed', message: 'Hook timed out', assertionResults: [] },
      ],
    };
    const { failures, fileTimes } = vitestFindings(report, '/repo');
    expect(failures).toEqual([
      'apps/a.test.ts › group breaks: Error: boom',
      'apps/b.test.ts: Hook timed out',
    ]);
    expect(fileTimes).toEqual([{ name: 'apps/a.test.ts', ms: 3000 }]);
  });
});

describe('playwrightFindings', () => {
  it('sums the time per spec file and names unexpected tests with their describe titles', () => {
    const report = {
      suites: [
        {
          title: 'login.spec.ts',
          file: 'login.spec.ts',
          specs: [
            {
              title: 'signs in',
              file: 'login.spec.ts',
              tests: [{ status: 'expected', results: [{ duration: 500 }] }],
            },
          ],
          suites: [
            {
              title: 'two-factor',
              file: 'login.spec.ts',
              specs: [
                {
                  title: 'asks for a code',
                  file: 'login.spec.ts',
                  tests: [
                    {
                      status: 'unexpected',
                      results: [{ duration: 700, error: { message: 'Timed out 5000ms\nwaiting' } }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const { failures, fileTimes } = playwrightFindings(report, 'e2e/tests');
    expect(failures).toEqual(['e2e/tests/login.spec.ts › two-factor › asks for a code: Timed out 5000ms']);
    expect(fileTimes).toEqual([{ name: 'e2e/tests/login.spec.ts', ms: 1200 }]);
  });
});

describe('summaryLines', () => {
  it('lists the slowest files first, at most the number asked, then the failures', () => {
    const lines = summaryLines(
      {
        failures: ['a.test.ts › x: boom'],
        fileTimes: [
          { name: 'fast.test.ts', ms: 100 },
          { name: 'slow.test.ts', ms: 9_000 },
          { name: 'mid.test.ts', ms: 2_000 },
        ],
      },
      2,
    );
    expect(lines).toEqual([
      '',
      'The 2 slowest test files:',
      '      9.0 s  slow.test.ts',
      '      2.0 s  mid.test.ts',
      '',
      'Failed tests:',
      '  ✗ a.test.ts › x: boom',
    ]);
    expect(summaryLines({ failures: [], fileTimes: [] })).toEqual([]);
  });
});

describe('step times', () => {
  it('lists each step with its time and the total first', () => {
    const steps = [
      { name: 'lint (biome)', ms: 12_400 },
      { name: 'unit and integration tests (vitest)', ms: 754_000 },
    ];
    const [blank, heading, ...rows] = summaryLines({ failures: [], fileTimes: [], stepTimes: steps });
    expect([blank, heading]).toEqual(['', 'Time by step (12 min 46 s in all):']);
    expect(rows).toEqual(['       12 s  lint (biome)', '  12 min 34 s  unit and integration tests (vitest)']);
  });

  it('writes minutes only from a minute on', () => {
    expect(formatMinutes(59_400)).toBe('59 s');
    expect(formatMinutes(60_000)).toBe('1 min 00 s');
    expect(formatMinutes(3_661_000)).toBe('61 min 01 s');
  });
});
