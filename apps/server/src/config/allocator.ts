// The glibc allocator setting `npm start` gives the server when it runs on PGlite is defined once, beside the
// launchers (docs/decisions/0054-server-memory.md): without it, glibc keeps 80–100 MB of V8's freed compiler memory.
import { SERVER_MALLOC_TUNABLES, setsMmapThreshold } from '../../../../scripts/lib/server-env.mjs';

export { SERVER_MALLOC_TUNABLES };

/** Whether this process runs on glibc (musl and other C libraries ignore `GLIBC_TUNABLES`). */
export function runsOnGlibc(): boolean {
  if (process.platform !== 'linux') return false;
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return Boolean(report?.header?.glibcVersionRuntime);
}

/**
 * The line the server prints at start when it runs on PGlite and glibc without the allocator setting (started
 * with `node apps/server/dist/server.js` rather than `npm start`), or null. `glibc` is asked last: it builds a
 * diagnostic report, which a server with the setting or on PostgreSQL need not pay for.
 */
export function allocatorHint({
  usesPglite,
  tunables,
  glibc = runsOnGlibc,
}: {
  usesPglite: boolean;
  tunables: string | undefined;
  glibc?: () => boolean;
}): string | null {
  if (!usesPglite || setsMmapThreshold(tunables) || !glibc()) return null;
  return `Memory: started without GLIBC_TUNABLES=${SERVER_MALLOC_TUNABLES}, which npm start sets; with it the server on the embedded database holds about 80 MB less (docs/decisions/0054-server-memory.md).`;
}
