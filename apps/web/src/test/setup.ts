import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { startI18nWith } from '@/i18n';
import { CATALOGS } from '@/i18n/test-catalogs';

// Components render in English from the real catalogs, with nothing fetched (i18n/index.ts).
await startI18nWith(CATALOGS);

// findBy… and waitFor wait up to 5 s, not 1: these files share the workers with the server's suites, where a
// render that settles in 300 ms alone took 1.4 s (the watermark tests of the composer failed on the 1 s default).
configure({ asyncUtilTimeout: 5_000 });

let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals(); // fetch from fakeApi (test/api.fake.ts) and any other stubbed global
  if (errors.length > 0) throw new Error(`console.error was called: ${JSON.stringify(errors).slice(0, 500)}`);
});
