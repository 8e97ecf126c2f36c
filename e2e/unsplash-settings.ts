/** The Unsplash access key the e2e server runs with; the Unsplash fake of global-setup.ts checks the same. */
export const E2E_UNSPLASH_ACCESS_KEY = 'unsplash-e2e-key';
