import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import * as launcher from '../../../../scripts/lib/server-env.mjs';
import { allocatorHint, runsOnGlibc, SERVER_MALLOC_TUNABLES } from './allocator';

describe('the allocator setting the launchers give the server (decision 0054)', () => {
  it('is the same setting the server checks for', () => {
    expect(launcher.SERVER_MALLOC_TUNABLES).toBe(SERVER_MALLOC_TUNABLES);
    expect(SERVER_MALLOC_TUNABLES).toBe('glibc.malloc.mmap_threshold=32768');
  });

  it('is added for the embedded database, next to tunables already set', () => {
    expect(launcher.serverProcessEnv({ PORT: '3000' })).toEqual({
      PORT: '3000',
      GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=32768',
    });
    expect(launcher.serverProcessEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }).GLIBC_TUNABLES).toBe(
      'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=32768',
    );
  });

  it("keeps the operator's own threshold", () => {
    const env = { GLIBC_TUNABLES: 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072' };
    expect(launcher.serverProcessEnv(env)).toEqual(env);
  });

  it('is not added on PostgreSQL, where it would cost CPU for no memory gain', () => {
    const env = { DATABASE_URL: 'postgres://relaycast@127.0.0.1:5432/relaycast' };
    expect(launcher.serverProcessEnv(env)).toEqual(env);
    expect(launcher.serverProcessEnv({ DATABASE_URL: '  ' }).GLIBC_TUNABLES).toBe(SERVER_MALLOC_TUNABLES);
  });

  it('does not change the environment it is given', () => {
    const env = { PORT: '3000' };
    launcher.serverProcessEnv(env);
    expect(env).toEqual({ PORT: '3000' });
  });
});

describe('the start hint', () => {
  it('names the setting when the server runs on PGlite and glibc without it', () => {
    const hint = allocatorHint({ usesPglite: true, glibc: () => true, tunables: undefined });
    expect(hint).toContain('GLIBC_TUNABLES=glibc.malloc.mmap_threshold=32768');
    expect(hint).toContain('docs/decisions/0054-server-memory.md');
    expect(allocatorHint({ usesPglite: true, glibc: () => true, tunables: 'glibc.malloc.arena_max=2' })).toBe(
      hint,
    );
  });

  it('says nothing when the setting is there, on PostgreSQL, or off glibc', () => {
    const tunables = 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=32768';
    expect(allocatorHint({ usesPglite: true, glibc: () => true, tunables })).toBeNull();
    expect(allocatorHint({ usesPglite: false, glibc: () => true, tunables: undefined })).toBeNull();
    expect(allocatorHint({ usesPglite: true, glibc: () => false, tunables: undefined })).toBeNull();
  });

  it('finds glibc where the system C library is glibc', () => {
    // An independent signal: glibc's ldd names itself ("ldd (Debian GLIBC 2.36-9) 2.36"); musl's does not.
    let lddSaysGlibc = false;
    try {
      lddSaysGlibc = /glibc|gnu libc/i.test(execFileSync('ldd', ['--version'], { encoding: 'utf8' }));
    } catch {
      // no ldd (macOS), or musl's ldd, which exits 1 on --version
    }
    expect(runsOnGlibc()).toBe(process.platform === 'linux' && lddSaysGlibc);
  });
});
