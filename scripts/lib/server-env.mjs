// The environment every launcher gives the server process (`npm start`, the browser tests, the benchmarks), so
// that what is tested and measured is what runs.

/**
 * glibc's allocator settings for the server (docs/decisions/0137-allocator-without-mappings.md, which replaced
 * decision 0054's single threshold):
 *
 * - `arena_max=2`: V8's background threads, which compile PGlite's hot WASM functions in 32 KiB zone segments,
 *   share one arena instead of keeping one each (glibc holds a thread's freed memory in its arena for the life of
 *   the process: 80–100 MB with an arena per thread);
 * - `mmap_threshold` at 1 MiB and `trim_threshold` at 32 MiB: a request's buffers (the page PGlite returns, the
 *   protocol parser's, the response's: 84–272 KiB each) are reused from the heap, never mapped and unmapped each
 *   time, and the heap's top is not handed back between requests. Each mapping costs a page fault per 4 KiB
 *   touched, 13 µs apiece on a virtual machine that traps page-table updates.
 */
export const SERVER_MALLOC_TUNABLES =
  'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=1048576:glibc.malloc.trim_threshold=33554432';

/** One V8 worker thread (Node's default is four): one thread's compiler memory held instead of four. */
export const SERVER_NODE_OPTIONS = '--v8-pool-size=1';

const tunableName = (setting) => setting.split('=')[0];

/**
 * `env` with the server's allocator settings: `GLIBC_TUNABLES` gets each of SERVER_MALLOC_TUNABLES the operator did
 * not set (the operator's own value wins), on either database: node-postgres's row buffers were mapped and
 * unmapped too (about 20 page faults a calendar page). On the embedded database (no `DATABASE_URL`) `NODE_OPTIONS`
 * also gets SERVER_NODE_OPTIONS unless it already sets the pool size; on PostgreSQL the server compiles no WASM
 * and keeps Node's default. Other C libraries (musl) ignore `GLIBC_TUNABLES`.
 */
export function serverProcessEnv(env = process.env) {
  const current = env.GLIBC_TUNABLES ?? '';
  const set = new Set(current.split(':').filter(Boolean).map(tunableName));
  const added = SERVER_MALLOC_TUNABLES.split(':').filter((setting) => !set.has(tunableName(setting)));
  const withTunables = { ...env, GLIBC_TUNABLES: [current, ...added].filter(Boolean).join(':') };
  if (env.DATABASE_URL?.trim()) return withTunables;
  const nodeOptions = env.NODE_OPTIONS ?? '';
  return {
    ...withTunables,
    NODE_OPTIONS: setsPoolSize(nodeOptions)
      ? nodeOptions
      : [nodeOptions.trim(), SERVER_NODE_OPTIONS].filter(Boolean).join(' '),
  };
}

/** Whether a `GLIBC_TUNABLES` value already sets the allocator's thresholds (the server's start line checks). */
export function setsMallocThresholds(tunables = '') {
  return /(^|:)glibc\.malloc\.mmap_threshold=/.test(tunables);
}

/** Whether Node options (`NODE_OPTIONS`, or the process's own flags joined) set V8's thread pool size. */
export function setsPoolSize(options = '') {
  return /(^|\s)--v8-pool-size(=|\s|$)/.test(options);
}
