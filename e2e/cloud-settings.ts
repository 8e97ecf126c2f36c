/** The Dropbox app keys the e2e server is given and the cloud drives' fake accepts (global-setup.ts). */
export const E2E_CLOUD_CLIENT_ID = 'e2e-dropbox-app-key';
export const E2E_CLOUD_CLIENT_SECRET = 'e2e-dropbox-app-secret';
