import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { startI18nWith } from '@/i18n';
import { CATALOGS } from '@/i18n/test-catalogs';

// Components render in English from the real catalogs, with nothing fetched (i18n/index.ts).
await startI18nWith(CATALOGS);

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
