/**
 * The e2e server's administrator (ADMIN_EMAILS): contact.spec.ts signs up with this address once per run to read
 * the contact form's messages on /admin.
 */
export const E2E_ADMIN_EMAIL = 'server-admin@example.com';
