import { rmSync } from 'node:fs';

/** Removes the run's throwaway data directory (the server has stopped by now). */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes('relaycast-e2e-')) rmSync(dir, { recursive: true, force: true });
  const mail = process.env.E2E_MAIL_DIR;
  if (mail?.includes('relaycast-e2e-mail-')) rmSync(mail, { recursive: true, force: true });
}
