// The allocator settings `npm start` gives the server when it runs on PGlite are defined once, beside the launchers
// (docs/decisions/0137-allocator-without-mappings.md): without them, glibc keeps 80–100 MB of V8's freed compiler
// memory, or maps and unmaps a request's buffers every time.
import {
  SERVER_MALLOC_TUNABLES,
  SERVER_NODE_OPTIONS,
  setsMallocThresholds,
  setsPoolSize,
} from '../../../../scripts/lib/server-env.mjs';

export { SERVER_MALLOC_TUNABLES, SERVER_NODE_OPTIONS };

/** Whether this process runs on glibc (musl and other C libraries ignore `GLIBC_TUNABLES`). */
export function runsOnGlibc(): boolean {
  if (process.platform !== 'linux') return false;
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return Boolean(report?.header?.glibcVersionRuntime);
}

/**
 * The line the server prints at start when it runs on PGlite and glibc without the allocator settings (started
 * with `node apps/server/dist/server.js` rather than `npm start`), or null. `nodeOptions`: `NODE_OPTIONS` and the
 * process's own flags. `glibc` is asked last: it builds a diagnostic report, which a server with the settings or
 * on PostgreSQL need not pay for.
 */
export function allocatorHint({
  usesPglite,
  tunables,
  nodeOptions = '',
  glibc = runsOnGlibc,
}: {
  usesPglite: boolean;
  tunables: string | undefined;
  nodeOptions?: string;
  glibc?: () => boolean;
}): string | null {
  if (!usesPglite || (setsMallocThresholds(tunables) && setsPoolSize(nodeOptions)) || !glibc()) return null;
  return `Memory: started without GLIBC_TUNABLES=${SERVER_MALLOC_TUNABLES} and NODE_OPTIONS=${SERVER_NODE_OPTIONS}, which npm start sets; with them the server on the embedded database holds about 80 MB less and maps no memory per request (docs/decisions/0137-allocator-without-mappings.md).`;
}
