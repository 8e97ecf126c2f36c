// The environment every launcher gives the server process (`npm start`, the browser tests, the benchmarks), so
// that what is tested and measured is what runs.

/**
 * glibc's allocator setting for the server (docs/decisions/0054-server-memory.md). V8 compiles on background
 * threads in 32 KiB zone segments (TurboFan for PGlite's hot WASM functions and for hot JavaScript); glibc keeps
 * each thread's freed segments in that thread's arena for the life of the process, 80–100 MB on a server on
 * PGlite. From 32 KiB up, glibc gives each allocation its own mapping and returns it when freed. A fixed
 * threshold also stops glibc from raising it by itself, which is what put the segments back in the arenas.
 */
export const SERVER_MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=32768';

/**
 * `env` with `GLIBC_TUNABLES` carrying the server's allocator setting when the server runs on the embedded
 * database (no `DATABASE_URL`). Tunables already set are kept; one the operator set for the threshold itself
 * wins. Other C libraries (musl) ignore the variable.
 *
 * Not on PostgreSQL: there the server has no WASM to compile, and mapping every large buffer (node-postgres reads
 * rows into buffers of 64 KiB and more) cost 25 % more CPU per query in the decision's measurements.
 */
export function serverProcessEnv(env = process.env) {
  if (env.DATABASE_URL?.trim()) return { ...env };
  const current = env.GLIBC_TUNABLES ?? '';
  if (setsMmapThreshold(current)) return { ...env };
  return {
    ...env,
    GLIBC_TUNABLES: current ? `${current}:${SERVER_MALLOC_TUNABLES}` : SERVER_MALLOC_TUNABLES,
  };
}

/** Whether a `GLIBC_TUNABLES` value already sets the threshold (the server's start line checks it too). */
export function setsMmapThreshold(tunables = '') {
  return /(^|:)glibc\.malloc\.mmap_threshold=/.test(tunables);
}
