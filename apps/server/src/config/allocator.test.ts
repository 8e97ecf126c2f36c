import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as launcher from '../../../../scripts/lib/server-env.mjs';
import { allocatorHint, runsOnGlibc, SERVER_MALLOC_TUNABLES, SERVER_NODE_OPTIONS } from './allocator';

const SETTINGS =
  'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=1048576:glibc.malloc.trim_threshold=33554432';

describe('the allocator settings the launchers give the server (decision 0137)', () => {
  it('are the same settings the server checks for', () => {
    expect(launcher.SERVER_MALLOC_TUNABLES).toBe(SERVER_MALLOC_TUNABLES);
    expect(SERVER_MALLOC_TUNABLES).toBe(SETTINGS);
    expect(SERVER_NODE_OPTIONS).toBe('--v8-pool-size=1');
  });

  it('are added for the embedded database, next to settings and options already there', () => {
    expect(launcher.serverProcessEnv({ PORT: '3000' })).toEqual({
      PORT: '3000',
      GLIBC_TUNABLES: SETTINGS,
      NODE_OPTIONS: '--v8-pool-size=1',
    });
    const env = launcher.serverProcessEnv({
      GLIBC_TUNABLES: 'glibc.malloc.tcache_count=0',
      NODE_OPTIONS: '--enable-source-maps',
    });
    expect(env.GLIBC_TUNABLES).toBe(`glibc.malloc.tcache_count=0:${SETTINGS}`);
    expect(env.NODE_OPTIONS).toBe('--enable-source-maps --v8-pool-size=1');
  });

  it("keeps each of the operator's own values", () => {
    const env = launcher.serverProcessEnv({
      GLIBC_TUNABLES: 'glibc.malloc.arena_max=4:glibc.malloc.mmap_threshold=131072',
      NODE_OPTIONS: '--v8-pool-size=2',
    });
    expect(env.GLIBC_TUNABLES).toBe(
      'glibc.malloc.arena_max=4:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=33554432',
    );
    expect(env.NODE_OPTIONS).toBe('--v8-pool-size=2');
  });

  it("on PostgreSQL: glibc's settings, and Node's default pool, as the server compiles no WASM there", () => {
    const env = { DATABASE_URL: 'postgres://relaycast@127.0.0.1:5432/relaycast' };
    expect(launcher.serverProcessEnv(env)).toEqual({ ...env, GLIBC_TUNABLES: SETTINGS });
    expect(launcher.serverProcessEnv({ ...env, NODE_OPTIONS: '--enable-source-maps' }).NODE_OPTIONS).toBe(
      '--enable-source-maps',
    );
    expect(launcher.serverProcessEnv({ DATABASE_URL: '  ' }).NODE_OPTIONS).toBe(SERVER_NODE_OPTIONS);
  });

  it('do not change the environment they are given', () => {
    const env = { PORT: '3000' };
    launcher.serverProcessEnv(env);
    expect(env).toEqual({ PORT: '3000' });
  });

  it('reach the process as glibc and Node read them', () => {
    const env = launcher.serverProcessEnv({ PATH: process.env.PATH });
    const out = execFileSync(process.execPath, ['-p', 'process.env.NODE_OPTIONS'], { env, encoding: 'utf8' });
    expect(out.trim()).toBe('--v8-pool-size=1');
    // glibc's own reading of the variable: its dynamic loader lists the tunables a process started with it gets.
    const loader = readFileSync('/proc/self/maps', 'utf8').match(/\/\S*\/ld-linux[^\s/]*\.so[.\d]*/)?.[0];
    if (runsOnGlibc() && loader) {
      const listed = execFileSync(loader, ['--list-tunables'], { env, encoding: 'utf8' });
      expect(listed).toMatch(/glibc\.malloc\.arena_max: 0x2 /);
      expect(listed).toMatch(/glibc\.malloc\.mmap_threshold: 0x100000 /);
      expect(listed).toMatch(/glibc\.malloc\.trim_threshold: 0x2000000 /);
    } else {
      // Off glibc (musl, macOS) the variable means nothing; the launcher sets it all the same.
      expect(env.GLIBC_TUNABLES).toBe(SETTINGS);
    }
  });
});

describe('the start hint', () => {
  it('names the settings when the server runs on PGlite and glibc without them', () => {
    const hint = allocatorHint({ usesPglite: true, glibc: () => true, tunables: undefined });
    expect(hint).toContain(`GLIBC_TUNABLES=${SETTINGS}`);
    expect(hint).toContain('NODE_OPTIONS=--v8-pool-size=1');
    expect(hint).toContain('docs/decisions/0137-allocator-without-mappings.md');
    expect(allocatorHint({ usesPglite: true, glibc: () => true, tunables: 'glibc.malloc.arena_max=2' })).toBe(
      hint,
    );
    // The thresholds without the pool size, or the pool size without the thresholds, is not the setting.
    const nodeOptions = '--enable-source-maps --v8-pool-size=1';
    expect(allocatorHint({ usesPglite: true, glibc: () => true, tunables: SETTINGS })).toBe(hint);
    expect(allocatorHint({ usesPglite: true, glibc: () => true, tunables: undefined, nodeOptions })).toBe(
      hint,
    );
  });

  it('says nothing when the settings are there, on PostgreSQL, or off glibc', () => {
    const nodeOptions = '--enable-source-maps --v8-pool-size=1';
    expect(
      allocatorHint({ usesPglite: true, glibc: () => true, tunables: SETTINGS, nodeOptions }),
    ).toBeNull();
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
