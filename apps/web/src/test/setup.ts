import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { i18n, startI18nWith } from '@/i18n';
import { CATALOGS } from '@/i18n/test-catalogs';

// Components render in English from the real catalogs, with nothing fetched (i18n/index.ts).
await startI18nWith(CATALOGS);

// findBy… and waitFor wait up to 5 s, not 1: these files share the workers with the server's suites, where a
// render that settles in 300 ms alone took 1.4 s (the watermark tests of the composer failed on the 1 s default).
configure({ asyncUtilTimeout: 5_000 });

/**
 * What a file may redefine on the page's classes to fake a layout or a device (`clientWidth`, a video's `duration`,
 * `navigator.serviceWorker`): their own properties as the first file of the worker found them.
 */
const PRISTINE_KEY = Symbol.for('relaycast.test.pristine-properties');
const pristineStore = globalThis as unknown as Record<symbol, Map<object, PropertyDescriptorMap>>;
if (!pristineStore[PRISTINE_KEY]) pristineStore[PRISTINE_KEY] = new Map();
const pristine = pristineStore[PRISTINE_KEY];
for (const target of [
  Element.prototype,
  HTMLElement.prototype,
  HTMLMediaElement.prototype,
  HTMLVideoElement.prototype,
  HTMLCanvasElement.prototype,
  Navigator.prototype,
  navigator,
]) {
  if (!pristine.has(target)) pristine.set(target, Object.getOwnPropertyDescriptors(target));
}

/** Puts back the properties a file redefined, and removes those it added, on the classes above. */
function restorePristineProperties() {
  for (const [target, descriptors] of pristine) {
    for (const key of Reflect.ownKeys(target)) {
      if (!Object.hasOwn(descriptors, key)) Reflect.deleteProperty(target, key);
    }
    for (const key of Reflect.ownKeys(descriptors)) {
      const was = descriptors[key as keyof typeof descriptors];
      if (!was) continue;
      const now = Object.getOwnPropertyDescriptor(target, key);
      const same = now && now.get === was.get && now.set === was.set && Object.is(now.value, was.value);
      if (!same && (now?.configurable ?? true)) Object.defineProperty(target, key, was);
    }
  }
}

// The files of one worker share its page and modules (vitest.config.ts, webProject): each file starts from an
// empty document, empty storage, English, the page's own classes and the site's root address, as it did in a
// page of its own.
beforeAll(async () => {
  restorePristineProperties();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

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
