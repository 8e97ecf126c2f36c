import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Debian's Chromium itself (CHROMIUM_PATH), which the server also prints its PDF reports with. */
export const E2E_MEDIA_BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser most tests drive: E2E_CHROMIUM_PATH, else Chromium's headless shell when it is installed (half the
 * CPU a page, docs/decisions/0122; `npm test` installs it, scripts/lib/setup.mjs), else Chromium itself.
 * The specs with a camera and a microphone (settings, the studio) drive Chromium itself, E2E_MEDIA_BROWSER: the
 * headless shell lists no fake devices.
 */
export const E2E_BROWSER =
  process.env.E2E_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : E2E_MEDIA_BROWSER);
